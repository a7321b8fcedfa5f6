-- Public events of spec section 6, projected from domain events; kept 90 days (cleanup job).
-- `position` orders one account's events for the stream's replay and de-duplication.
create table public_events (
  position bigserial primary key,
  event_id text not null unique,
  source_event_id uuid not null unique,
  type text not null,
  account_id text not null,
  org_id text,
  livemode boolean not null,
  created_at timestamptz not null,
  data jsonb not null
);
create index public_events_account_position on public_events (account_id, position);
create index public_events_account_created on public_events (account_id, created_at desc);
create index public_events_created on public_events (created_at);

-- Spec section 2: never deleted; the secret is sealed (AES-256-GCM) and never read back out.
create table webhook_subscriptions (
  subscription_id text primary key,
  account_id text not null,
  org_id text,
  event_type text not null,
  callback_url text not null,
  secret_ciphertext bytea not null,
  secret_nonce bytea not null,
  secret_auth_tag bytea not null,
  status text not null check (status in ('active', 'disabled')),
  created_at timestamptz not null default now()
);
create index webhook_subscriptions_account on webhook_subscriptions (account_id, created_at desc);

-- The durable delivery queue: one row per (subscription, event), written in the same
-- transaction as the public event, so a committed event is never skipped.
create table webhook_jobs (
  job_id bigserial primary key,
  subscription_id text not null references webhook_subscriptions (subscription_id),
  event_id text not null references public_events (event_id) on delete cascade,
  manual boolean not null default false,
  state text not null check (state in ('pending', 'succeeded', 'failed')),
  attempts_made integer not null default 0,
  max_attempts integer not null,
  queued_at timestamptz not null default now(),
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz
);
create index webhook_jobs_due on webhook_jobs (next_attempt_at) where state = 'pending';
create index webhook_jobs_event on webhook_jobs (event_id);

-- The delivery log (one row per attempt; the delivery id changes per attempt).
create table webhook_deliveries (
  delivery_id text primary key,
  job_id bigint not null references webhook_jobs (job_id) on delete cascade,
  subscription_id text not null,
  event_id text not null,
  event_type text not null,
  attempt integer not null,
  manual boolean not null,
  status text not null check (status in ('succeeded', 'failed')),
  response_status integer,
  failure text,
  duration_ms integer not null,
  attempted_at timestamptz not null default now()
);
create index webhook_deliveries_subscription on webhook_deliveries (subscription_id, attempted_at desc);
