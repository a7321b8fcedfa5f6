-- One-time codes (spec §5 rules 5-6, decisions D7): organization OTP policy, account channel
-- preferences, authenticator (TOTP) enrollments, action challenges and their single-use tokens,
-- and pending OTP logins. Codes and tokens are kept as SHA-256 only.

-- The actions an organization requires OTP for. Kept beside `organizations` rather than in it:
-- that table is mirrored by a Prisma model. No row: the D7 default (the demo policy).
create table org_otp_policies (
  org_id uuid primary key references organizations (id),
  required_actions text[] not null,
  updated_at timestamptz not null default now()
);

-- The account's channels, preferred first (PUT /v1/otp/preferences). No row: every channel.
create table otp_preferences (
  account_id uuid primary key references accounts (id),
  channels text[] not null,
  updated_at timestamptz not null default now()
);

-- One authenticator per member, its secrets encrypted (AES-256-GCM). A new enrollment waits in
-- `pending_ciphertext` until its first code confirms it; the confirmed one keeps working till then.
create table totp_enrollments (
  member_id uuid primary key references members (id),
  secret_ciphertext bytea,
  confirmed_at timestamptz,
  pending_ciphertext bytea,
  pending_since timestamptz,
  -- The last 30-second time step whose code was accepted: each code works once.
  last_used_step bigint
);

create table otp_challenges (
  id uuid primary key,
  member_id uuid not null references members (id),
  account_id uuid not null references accounts (id),
  action text not null,
  channel text not null,
  -- Null for totp: the authenticator app's current code is checked instead.
  code_hash bytea,
  status text not null check (status in ('pending', 'verified', 'failed')),
  failed_attempts integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index otp_challenges_member on otp_challenges (member_id, created_at);

create table otp_tokens (
  token_hash bytea primary key,
  challenge_id uuid not null references otp_challenges (id),
  member_id uuid not null references members (id),
  account_id uuid not null references accounts (id),
  action text not null,
  expires_at timestamptz not null,
  used_at timestamptz
);

create table otp_logins (
  token_hash bytea primary key,
  member_id uuid not null references members (id),
  channel text not null,
  code_hash bytea,
  failed_attempts integer not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz
);

-- Spec §5 rule 5 needs to know when the phone was linked and whether it was proven since. The
-- trigger keeps this true whichever code path writes `phone` (registration, profile edits).
alter table accounts
  add column phone_linked_at timestamptz,
  add column phone_verified_at timestamptz;
update accounts set phone_linked_at = created_at where phone is not null;

create function track_phone_binding() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' or new.phone is distinct from old.phone then
    new.phone_linked_at := case when new.phone is null then null else now() end;
    new.phone_verified_at := null;
  end if;
  return new;
end;
$$;

create trigger accounts_phone_binding
  before insert or update of phone on accounts
  for each row execute function track_phone_binding();
