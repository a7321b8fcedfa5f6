-- Recurring charges of a stored card: each due period is one card payin, made by the job queue.
create table subscriptions (
  subscription_id uuid primary key,
  account_id uuid not null,
  org_id text not null,
  stored_card_id uuid not null references stored_cards (instrument_id),
  amount numeric not null,
  currency text not null,
  country text not null,
  interval text not null check (interval in ('daily', 'weekly', 'monthly', 'yearly')),
  timezone text not null,
  anchor_at timestamptz not null,
  status text not null check (status in ('active', 'paused', 'canceled')),
  next_period_index integer not null default 0,
  next_charge_at timestamptz,
  last_charge_status text check (last_charge_status in ('succeeded', 'failed')),
  last_charge_at timestamptz,
  idempotency_key text,
  fingerprint text not null,
  -- The environment's public address when created: its charges' payins name it.
  base_url text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  canceled_at timestamptz
);

create unique index subscriptions_idempotency on subscriptions (account_id, idempotency_key)
  where idempotency_key is not null;
create index subscriptions_owner on subscriptions (account_id, created_at desc);
create index subscriptions_due on subscriptions (next_charge_at) where status = 'active';

-- One row per charged period: the primary key is what makes a period charge at most once.
create table subscription_charges (
  subscription_id uuid not null references subscriptions (subscription_id),
  period_index integer not null,
  due_at timestamptz not null,
  status text not null check (status in ('succeeded', 'failed')),
  payin_id uuid references payins (payin_id),
  failure_reason text,
  charged_at timestamptz not null default now(),
  primary key (subscription_id, period_index)
);
