-- API keys (spec §2): the token `pk_<key_id>.<secret>` (`pk_test_` in test) is shown once;
-- only the SHA-256 of its high-entropy secret is kept.
create table api_keys (
  id uuid primary key,
  key_id text not null unique,
  account_id uuid not null references accounts (id),
  org_id uuid not null references organizations (id),
  label text not null,
  secret_hash bytea not null,
  created_by uuid references members (id),
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_account on api_keys (account_id, created_at desc);
