-- The event store of one service, in a schema of its own (postgrator keeps one version table per
-- schema, so it cannot share the service's schema and its migration numbers).

-- Global positions and the horizon below are handed out only by allocate_event_positions().
create sequence event_positions as bigint minvalue 1 start with 1;
-- The highest (transaction id + 1) of any appender so far; never decreases.
create sequence event_xid_horizon as bigint minvalue 0 start with 0;

-- One row per stream: its head, locked by appenders to check the expected version.
create table streams (
  stream text primary key,
  version integer not null,
  last_hash text not null
);

create table events (
  position bigint primary key,
  -- A reader may return this event once every transaction id below the horizon has finished:
  -- then neither this event nor any of a lower position can still be in flight.
  xid_horizon bigint not null,
  transaction_id xid8 not null default pg_current_xact_id(),
  event_id uuid not null,
  stream text not null,
  stream_version integer not null check (stream_version > 0),
  type text not null,
  version integer not null check (version > 0),
  data jsonb not null,
  org_id text,
  account_id text,
  environment text not null check (environment in ('test', 'live')),
  correlation_id text,
  causation_id text,
  occurred_at timestamptz not null,
  recorded_at timestamptz not null default now(),
  -- sha256(previous event's hash || canonical JSON of this event), hex; see hash-chain.ts.
  hash text not null,
  constraint events_event_id_unique unique (event_id),
  constraint events_stream_version_unique unique (stream, stream_version)
);

create index events_type_position on events (type, position);

-- Events are facts: the application never changes or removes one.
create function reject_event_change() returns trigger language plpgsql as $$
begin
  raise exception 'events are immutable (% refused)', tg_op using errcode = 'restrict_violation';
end $$;

create trigger events_immutable before update or delete on events
  for each statement execute function reject_event_change();

-- Reserves event_count consecutive positions and returns the horizon that makes them safe to read.
-- Allocations are serialised by an advisory lock taken in an inner block that is then rolled back
-- on purpose: the rollback frees the lock at once, while the sequence changes (not transactional)
-- stay. So appenders wait for each other only for this call, never until each other's commit.
-- Why it is safe: every earlier allocator's transaction id is below the horizon, and horizons
-- grow with positions; so once all transactions below an event's horizon have finished, no event
-- of a lower position can still commit.
create function allocate_event_positions(event_count integer, out first_position bigint, out xid_horizon bigint)
language plpgsql set search_path from current as $$
declare
  own_xid bigint := pg_current_xact_id()::text::bigint;
begin
  if event_count < 1 then
    raise exception 'event_count must be positive, got %', event_count;
  end if;
  begin
    perform pg_advisory_xact_lock(hashtext(current_schema() || '.allocate_event_positions'), 0);
    xid_horizon := greatest((select last_value from event_xid_horizon), own_xid + 1);
    perform setval('event_xid_horizon', xid_horizon);
    first_position := nextval('event_positions');
    if event_count > 1 then
      perform setval('event_positions', first_position + event_count - 1);
    end if;
    raise sqlstate 'ES001';
  exception when sqlstate 'ES001' then
    null;
  end;
end $$;

-- Where each catch-up subscription has got to; advanced in the transaction of its handler.
create table subscription_checkpoints (
  name text primary key,
  position bigint not null,
  updated_at timestamptz not null default now()
);
