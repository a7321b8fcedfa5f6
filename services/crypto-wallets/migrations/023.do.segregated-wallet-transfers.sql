-- What the chain observed at segregated wallets' addresses (decisions D9): one row a wallet,
-- transaction and direction, at its latest status. Balances and histories read it; the ledger
-- is untouched.
create table segregated_wallet_transfers (
  wallet_id uuid not null references segregated_wallets (wallet_id),
  tx_id text not null,
  direction text not null check (direction in ('in', 'out')),
  asset text not null,
  from_address text not null,
  to_address text not null,
  amount numeric not null check (amount >= 0),
  network_fee numeric not null default 0,
  status text not null check (status in ('pending', 'confirmed', 'failed')),
  confirmations integer not null,
  observed_at timestamptz not null,
  updated_at timestamptz not null default now(),
  primary key (wallet_id, tx_id, direction)
);
create index segregated_wallet_transfers_by_wallet
  on segregated_wallet_transfers (wallet_id, observed_at desc);
