-- Accounts (the customer), their members (the people who sign in) and the state of
-- verify-first registration. A registrant is the owner member of a new account.
create table accounts (
  id uuid primary key,
  org_id uuid not null references organizations (id),
  type text not null check (type in ('person', 'company')),
  display_name text not null,
  email text not null,
  tax_id text,
  phone text,
  country text,
  locale text not null default 'en',
  profile jsonb not null default '{}',
  status text not null check (status in ('pending_verification', 'active')),
  kyc_status text not null default 'none',
  created_at timestamptz not null default now(),
  confirmed_at timestamptz
);

create table members (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  org_id uuid not null references organizations (id),
  -- Lower-cased (decisions D7); one sign-in identity per organization.
  email text not null,
  password_hash text not null,
  role text not null check (role in ('owner', 'operator', 'viewer')),
  status text not null check (status in ('pending_verification', 'active', 'disabled')),
  created_at timestamptz not null default now(),
  constraint members_org_email_key unique (org_id, email)
);

-- One live email-verification code per pending member; only its SHA-256 is kept.
create table email_verifications (
  member_id uuid primary key references members (id),
  code_hash bytea not null,
  expires_at timestamptz not null,
  failed_attempts integer not null default 0
);

-- Failed logins per organization slug and normalized email, for the 8-per-15-minutes rule.
create table login_failures (
  org text not null,
  email text not null,
  failed_at timestamptz not null default now()
);
create index login_failures_key on login_failures (org, email, failed_at);
