-- A session is one refresh-token chain: it starts at login (or register confirm) and ends
-- when revoked or 90 days after it started. Each exchange bumps `generation`: only access
-- tokens of the current generation are honoured, so a refresh revokes the previous one.
create table sessions (
  id uuid primary key,
  generation integer not null default 1,
  member_id uuid not null references members (id),
  account_id uuid not null references accounts (id),
  created_at timestamptz not null default now(),
  absolute_expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_reason text
);
create index sessions_member on sessions (member_id);

-- Refresh tokens are opaque; only their SHA-256 is kept. Single use: `used_at` marks the
-- exchange, and presenting a used token again revokes its session.
create table refresh_tokens (
  token_hash bytea primary key,
  session_id uuid not null references sessions (id),
  issued_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index refresh_tokens_session on refresh_tokens (session_id);

create table security_events (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  member_id uuid references members (id),
  type text not null,
  ip text,
  user_agent text,
  created_at timestamptz not null default now()
);
create index security_events_account on security_events (account_id, created_at desc);
