-- Spec §7 `otp_disabled_for_org`: an organization's policy may turn one-time codes off
-- altogether. No row in org_otp_policies, or true: codes are on.
alter table org_otp_policies add column otp_enabled boolean not null default true;

-- Spec §7 `phone_verification_required`: a code sent to the account's phone and confirmed
-- proves the phone (accounts.phone_verified_at). One pending code per account, for the phone
-- it was sent to; only its SHA-256 is kept.
create table phone_verifications (
  account_id uuid primary key references accounts (id),
  phone text not null,
  code_hash bytea not null,
  channel text not null,
  failed_attempts integer not null default 0,
  sent_at timestamptz not null,
  expires_at timestamptz not null
);

-- Spec §5 rule 9: a session "with 2FA" is one opened with a passkey or by an OTP login, or one
-- whose person has since verified a second factor in it. Set once; the session keeps it.
alter table sessions add column second_factor_at timestamptz;

-- Organization admins' sessions get the refresh chain of members' sessions (spec §5 rule 4):
-- a generation bumped by each exchange, the 90-day cap, and single-use refresh tokens. From now
-- on `expires_at` holds that cap too: the access token's own `exp` carries its 24 hours.
alter table org_admin_sessions
  add column generation integer not null default 1,
  add column absolute_expires_at timestamptz;
update org_admin_sessions set absolute_expires_at = expires_at where absolute_expires_at is null;
alter table org_admin_sessions alter column absolute_expires_at set not null;

create table org_admin_refresh_tokens (
  token_hash bytea primary key,
  session_id uuid not null references org_admin_sessions (id),
  issued_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index org_admin_refresh_tokens_session on org_admin_refresh_tokens (session_id);
