-- Payins: one row per collection (and per method attempt on a checkout link). Money is numeric
-- written from decimal strings; the service reads it back as text.
create table payins (
  payin_id uuid primary key,
  account_id uuid not null,
  org_id text not null,
  -- 'payin' is a client's payin; 'checkout_attempt' is a payer's method on a checkout link.
  kind text not null default 'payin',
  method text not null,
  status text not null,
  country text,
  currency text not null,
  local_amount numeric not null,
  idempotency_key text,
  reference text not null unique,
  glosa text,
  customer jsonb,
  instructions jsonb,
  token text unique,
  payment_url text,
  checkout_url text,
  success_url text,
  failure_url text,
  expires_at timestamptz not null,
  -- The connector's plan: 'pay', 'fail', 'never_paid' (sandbox) or 'manual' (live).
  outcome text not null,
  next_step_at timestamptz,
  fiat_hold_local boolean not null default false,
  settlement_hours integer not null default 0,
  save_card boolean not null default false,
  settlement_asset text,
  checkout_payin_id uuid references payins (payin_id),
  paid_attempt_id uuid,
  credit_asset text,
  fx_rate text,
  credited_amount numeric,
  fee numeric,
  settlement_pending boolean not null default false,
  settle_at timestamptz,
  settled_at timestamptz,
  credited_at timestamptz,
  failure jsonb,
  match_reason text,
  refunded_amount numeric not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create unique index payins_idempotency on payins (account_id, idempotency_key)
  where idempotency_key is not null and kind = 'payin';
create index payins_account_listing on payins (account_id, created_at desc) where kind = 'payin';
create index payins_due_steps on payins (next_step_at) where status = 'pending';
create index payins_due_expiry on payins (expires_at) where status = 'pending';
create index payins_due_settlement on payins (settle_at) where settlement_pending;
create index payins_checkout_attempts on payins (checkout_payin_id) where checkout_payin_id is not null;
