-- Charges card-terminal processors report for a merchant account, and their refunds.
create table pos_charges (
  charge_id uuid primary key,
  account_id uuid not null,
  org_id text not null,
  terminal_id text not null,
  currency text not null,
  amount numeric not null check (amount > 0),
  status text not null check (status in ('received', 'pending')),
  refunded_amount numeric not null default 0 check (refunded_amount <= amount),
  created_at timestamptz not null default now()
);

create index pos_charges_owner on pos_charges (account_id, created_at desc);

create table pos_refunds (
  refund_id uuid primary key,
  charge_id uuid not null references pos_charges (charge_id),
  account_id uuid not null,
  amount numeric not null check (amount > 0),
  idempotency_key text not null,
  -- What the client asked (the charge and the amount, or all): a replay must ask the same.
  fingerprint text not null,
  created_at timestamptz not null default now(),
  unique (account_id, idempotency_key)
);

-- Terminals the processor disabled: their charges are no longer refunded through the platform.
create table pos_disabled_terminals (
  account_id uuid not null,
  terminal_id text not null,
  disabled_at timestamptz not null default now(),
  primary key (account_id, terminal_id)
);
