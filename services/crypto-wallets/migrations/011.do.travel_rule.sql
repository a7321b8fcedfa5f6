-- Live Travel Rule transfers (decisions D9): the originator and beneficiary data of a hosted
-- withdrawal, waiting for the operator to record the beneficiary exchange's answer. One row per
-- account, idempotency key and data (`transfer_key`): the client's retry finds its answer.
create table travel_rule_transfers (
  transfer_id uuid primary key,
  transfer_key text not null unique,
  account_id text not null,
  chain text not null,
  asset text not null,
  amount numeric not null,
  to_address text not null,
  travel_address text not null,
  beneficiary_name text not null,
  status text not null default 'pending'
    check (status in ('pending', 'approved', 'rejected', 'partial')),
  created_at timestamptz not null default now(),
  decided_at timestamptz
);

create index travel_rule_transfers_pending on travel_rule_transfers (created_at)
  where status = 'pending';
