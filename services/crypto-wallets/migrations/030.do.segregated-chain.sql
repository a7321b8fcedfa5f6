-- Segregated wallets on chain (decisions D9). The ledger never holds these coins: what the
-- platform keeps is what it saw on chain at each wallet and the sends it made.

-- Sends from segregated wallets, idempotent by the account's key (D7).
create table wallet_sends (
  send_id uuid primary key,
  wallet_id uuid not null,
  account_id text not null,
  org_id text not null,
  chain text not null,
  asset text not null,
  from_address text not null,
  to_address text not null,
  amount numeric not null check (amount > 0),
  network_fee numeric not null check (network_fee >= 0),
  idempotency_key text not null,
  status text not null check (status in ('pending', 'broadcast', 'completed', 'failed')),
  tx_id text,
  failure_reason text,
  -- The wallet's signature of the send (its key signs the transfer's terms).
  signature text not null,
  created_at timestamptz not null default now(),
  unique (account_id, idempotency_key)
);
create index wallet_sends_by_wallet on wallet_sends (wallet_id, created_at desc);

-- Every transfer seen at a segregated wallet, both directions, the wallet's asset or the chain's
-- native coin: its balance, deposits and transactions are read from here.
create table wallet_movements (
  movement_id uuid primary key,
  wallet_id uuid not null,
  direction text not null check (direction in ('in', 'out')),
  kind text not null check (kind in ('deposit', 'send', 'external')),
  asset text not null,
  tx_id text not null,
  counterparty_address text not null,
  amount numeric not null,
  -- Native coin the wallet paid for an outbound transfer; null for inbound ones.
  network_fee numeric,
  status text not null check (status in ('pending', 'confirmed', 'failed')),
  send_id uuid,
  -- Auto-forward of a deposit: forwarding, forwarded or failed (with its reason).
  forward_status text check (forward_status in ('forwarding', 'forwarded', 'failed')),
  forward_send_id uuid,
  forward_reason text,
  created_at timestamptz not null default now(),
  unique (wallet_id, tx_id, direction, asset)
);
create index wallet_movements_by_wallet on wallet_movements (wallet_id, created_at desc);

-- Wallets whose deposits are forwarded to the account's deposit wallet.
create table wallet_auto_forward (
  wallet_id uuid primary key,
  enabled boolean not null,
  updated_at timestamptz not null default now()
);
