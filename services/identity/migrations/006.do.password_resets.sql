-- Password recovery by emailed code (spec §5 rule 13): one live code per member (its SHA-256
-- only), the sends of the last hour (5 at most) and the wrong codes of the last 15 minutes (8).
create table password_reset_codes (
  member_id uuid primary key references members (id),
  code_hash bytea not null,
  expires_at timestamptz not null
);

create table password_reset_sends (
  member_id uuid not null references members (id),
  sent_at timestamptz not null
);
create index password_reset_sends_member on password_reset_sends (member_id, sent_at);

create table password_reset_failures (
  member_id uuid not null references members (id),
  failed_at timestamptz not null
);
create index password_reset_failures_member on password_reset_failures (member_id, failed_at);
