-- Passwordless ways for a member to sign in: passkeys (WebAuthn), identities at social
-- providers, and the environment handoff (live signs, test redeems once).

-- A passkey is one WebAuthn credential of one member. `credential_id` is the authenticator's
-- id (base64url); `sign_count` is its signature counter, which must keep rising.
create table passkeys (
  id uuid primary key,
  member_id uuid not null references members (id),
  account_id uuid not null references accounts (id),
  org_id uuid not null references organizations (id),
  credential_id text not null,
  public_key bytea not null,
  sign_count bigint not null default 0,
  transports jsonb not null default '[]',
  label text,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  constraint passkeys_credential_key unique (credential_id)
);
create index passkeys_member on passkeys (member_id, created_at desc);

-- Outstanding WebAuthn challenges: single use, short-lived. A registration challenge belongs
-- to a member; a sign-in challenge to an organization.
create table passkey_challenges (
  challenge text primary key,
  purpose text not null check (purpose in ('registration', 'login')),
  org_id uuid not null references organizations (id),
  member_id uuid references members (id),
  expires_at timestamptz not null
);
create index passkey_challenges_expiry on passkey_challenges (expires_at);

-- A member's identity at a social provider (the ID token's `sub`). One identity signs in to
-- at most one member of an organization; a member links at most one identity per provider.
create table social_identities (
  org_id uuid not null references organizations (id),
  provider text not null,
  subject text not null,
  member_id uuid not null references members (id),
  account_id uuid not null references accounts (id),
  email text,
  created_at timestamptz not null default now(),
  constraint social_identities_pkey primary key (org_id, provider, subject),
  constraint social_identities_member_provider_key unique (member_id, provider)
);

-- Handoff tokens already exchanged (test environment): the token id, kept past its expiry so
-- a replay is told apart from a forgery.
create table handoff_redemptions (
  token_id uuid primary key,
  redeemed_at timestamptz not null default now(),
  expires_at timestamptz not null
);
