-- Organization admins' announcements: what was sent (plain text per language), to how many
-- accounts. Each delivery is an event of the announcement's stream, written with the row.
create table announcements (
  broadcast_id uuid primary key,
  org_id uuid not null references organizations (id),
  admin_id text not null,
  idempotency_key text,
  subject text not null,
  body jsonb not null,
  recipients integer not null,
  created_at timestamptz not null default now(),
  constraint announcements_org_key unique (org_id, idempotency_key)
);
create index announcements_org_created on announcements (org_id, created_at desc);
