-- Deposit wallets: one per account, chain and asset; receive-only addresses of the HD seed.
create table deposit_wallets (
  wallet_id uuid primary key,
  account_id text not null,
  org_id text not null,
  chain text not null,
  asset text not null,
  address text not null,
  derivation_path text not null,
  created_at timestamptz not null default now(),
  unique (account_id, chain, asset),
  unique (chain, address)
);

-- Inbound transfers to deposit wallets. One row per (chain, tx_id, to_address): the same
-- transfer observed twice is the same deposit, and credits once.
create table crypto_deposits (
  deposit_id uuid primary key,
  account_id text not null,
  org_id text not null,
  wallet_id uuid not null references deposit_wallets (wallet_id),
  chain text not null,
  asset text not null,
  tx_id text not null,
  from_address text not null,
  to_address text not null,
  amount numeric not null check (amount > 0),
  fee numeric not null check (fee >= 0),
  status text not null check (status in ('pending', 'credited', 'held', 'failed', 'rejected')),
  risk text check (risk in ('low', 'medium', 'high', 'severe')),
  risk_categories jsonb not null default '[]',
  hold_id text,
  confirmations integer not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (chain, tx_id, to_address)
);
create index crypto_deposits_by_account on crypto_deposits (account_id, created_at desc);

-- Address screenings an account asked for.
create table address_screenings (
  screening_id uuid primary key,
  account_id text not null,
  chain text not null,
  address text not null,
  risk text not null,
  categories jsonb not null,
  created_at timestamptz not null default now()
);
create index address_screenings_by_account on address_screenings (account_id, created_at desc);
