-- Organization admins' sessions (decisions D2): 24 hours, no refresh chain; sign-out or
-- expiry ends them. Access tokens name the session, checked on every request.
create table org_admin_sessions (
  id uuid primary key,
  admin_id uuid not null references org_admins (admin_id),
  org_id uuid not null references organizations (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index org_admin_sessions_admin on org_admin_sessions (admin_id);

-- Password reset links (spec §4, §8): single use, 60 minutes, one live link per member; only
-- the SHA-256 of the token is kept.
create table password_reset_links (
  token_hash bytea primary key,
  member_id uuid not null references members (id),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_reset_links_member on password_reset_links (member_id);

-- A member's pending email change: the code mailed to the new address (its SHA-256 only).
create table email_changes (
  member_id uuid primary key references members (id),
  new_email text not null,
  code_hash bytea not null,
  expires_at timestamptz not null,
  failed_attempts integer not null default 0
);
