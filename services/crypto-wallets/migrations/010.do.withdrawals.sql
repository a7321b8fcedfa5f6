-- Crypto withdrawals (decisions D9). A row is claimed with creation 'creating' under the account's
-- idempotency key before any other service is called: the unique key makes concurrent duplicates
-- wait for the one that won (decisions D7). `state` is the decider's state; money columns are
-- numeric so that listings filter and sort without floats.
create table crypto_withdrawals (
  withdrawal_id uuid primary key,
  account_id text not null,
  org_id text not null,
  idempotency_key text not null,
  request_fingerprint text not null,
  creation text not null default 'creating' check (creation in ('creating', 'created')),
  state jsonb,
  status text not null default 'pending'
    check (status in ('pending', 'in_review', 'processing', 'completed', 'failed')),
  chain text not null default '',
  asset text not null default '',
  amount numeric not null default 0,
  -- A pending withdrawal whose broadcast did not happen (a crash) is broadcast by the worker then.
  next_step_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint crypto_withdrawals_account_key unique (account_id, idempotency_key)
);

create index crypto_withdrawals_account_created on crypto_withdrawals (account_id, created_at desc);
create index crypto_withdrawals_due on crypto_withdrawals (next_step_at) where next_step_at is not null;
create index crypto_withdrawals_creating on crypto_withdrawals (created_at) where creation = 'creating';

-- The platform's sending address per chain: withdrawals leave from it.
create table withdrawal_hot_wallets (
  chain text primary key,
  address text not null,
  derivation_path text not null,
  created_at timestamptz not null default now()
);
