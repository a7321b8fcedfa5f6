-- The stream limits of spec §8 and §7, shared by every gateway of the environment.
-- A lease is one open `GET /v1/events` stream; it counts while `expires_at` is ahead, so a
-- gateway that dies without closing its streams gives their slots back once it stops renewing.
-- `holder_id` is the account, or `org_admin:<admin_id>` for an organization admin.
create table stream_leases (
  lease_id text primary key,
  holder_id text not null,
  org_id text not null,
  opened_at timestamptz not null,
  expires_at timestamptz not null
);
create index stream_leases_org on stream_leases (org_id, expires_at);
create index stream_leases_holder on stream_leases (holder_id, expires_at);
create index stream_leases_expires on stream_leases (expires_at);

-- Openings per client address over the last hour (a sliding window): one row per opening
-- admitted past the address check, dropped once it is older than the window.
create table stream_openings (
  client_ip text not null,
  opened_at timestamptz not null
);
create index stream_openings_ip on stream_openings (client_ip, opened_at);
create index stream_openings_opened on stream_openings (opened_at);
