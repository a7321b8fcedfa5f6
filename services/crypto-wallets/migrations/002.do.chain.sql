-- Transfers the chain knows about: outbound broadcasts (sandbox and live) and inbound sandbox
-- deposits. In the sandbox the simulated chain moves them through blocks; in live the operator
-- reports what happened to them.
create table chain_transfers (
  transfer_id bigserial primary key,
  direction text not null check (direction in ('inbound', 'outbound')),
  -- The broadcast's own id (outbound) or the submitter's key (inbound): repeats answer the first.
  reference text unique,
  chain text not null,
  asset text not null,
  from_address text not null,
  to_address text not null,
  amount numeric not null check (amount > 0),
  network_fee numeric not null check (network_fee >= 0),
  tx_id text,
  status text not null check (status in ('pending', 'seen', 'confirmed', 'failed')),
  seen_height bigint,
  created_at timestamptz not null default now(),
  unique (chain, tx_id)
);
create index chain_transfers_in_flight on chain_transfers (status)
  where status in ('pending', 'seen');

-- The sandbox chain's height, one row: a restart continues from it.
create table sandbox_chain (
  singleton boolean primary key default true check (singleton),
  height bigint not null
);

-- The ordered log of observations (seen, confirmed, failed) that deposits and withdrawals consume.
-- The same transfer may be observed twice (an operator reports twice): consumers are idempotent.
create table chain_observations (
  cursor bigserial primary key,
  status text not null check (status in ('seen', 'confirmed', 'failed')),
  chain text not null,
  asset text not null,
  tx_id text not null,
  from_address text not null,
  to_address text not null,
  amount numeric not null,
  network_fee numeric not null,
  confirmations integer not null,
  reference text,
  observed_at timestamptz not null default now()
);

-- Where each watcher stands in the observation log.
create table chain_watcher_cursors (
  watcher text primary key,
  cursor bigint not null
);
