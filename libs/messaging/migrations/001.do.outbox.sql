-- Messages written in the same transaction as the state change that produced them; a relay
-- publishes them to the bus in position order and marks them published.
create table outbox (
  position bigint generated always as identity primary key,
  topic text not null,
  message_id text not null,
  message_key text,
  headers jsonb not null default '{}'::jsonb,
  payload jsonb,
  created_at timestamptz not null default now(),
  published_at timestamptz
);

-- The relay reads only what is still to publish.
create index outbox_unpublished on outbox (position) where published_at is null;
create index outbox_published_at on outbox (published_at) where published_at is not null;
