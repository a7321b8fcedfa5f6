-- Identity verification (decisions D8): one row per account, the decider's state beside the
-- columns the review queue filters on.
create table verifications (
  account_id text primary key,
  org_id text not null,
  kind text not null check (kind in ('kyc', 'kyb')),
  status text not null,
  phase text not null,
  submission_id text,
  state jsonb not null,
  version integer not null default 0,
  submitted_at timestamptz,
  updated_at timestamptz not null default now()
);
create unique index verifications_submission on verifications (submission_id);
create index verifications_queue on verifications (org_id, status, updated_at desc);

-- Hosted onboarding links: only the token's hash is kept; the newest link of an account is the
-- open one (the decider's state names it).
create table verification_links (
  token_hash text primary key,
  link_id text not null unique,
  account_id text not null references verifications (account_id),
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
