-- Every domain event this service has taken in, once: the source of the public events it
-- projects for webhooks and the stream. `applied_count` stays 1 while the inbox does its job;
-- the crash-safety test reads it.
create table domain_events (
  event_id uuid primary key,
  type text not null,
  stream text not null,
  org_id text,
  account_id text,
  occurred_at timestamptz not null,
  envelope jsonb not null,
  applied_count integer not null default 1,
  received_at timestamptz not null default now()
);
create index domain_events_account_occurred on domain_events (account_id, occurred_at desc);
