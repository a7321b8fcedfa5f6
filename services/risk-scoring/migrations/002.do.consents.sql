-- Consent links (spec §3): a subject authorizes an account's reports on its public page.
create table risk_consents (
  consent_id uuid primary key,
  account_id text not null,
  org_id text not null,
  -- The public page's unguessable token (never the consent_id).
  token text not null unique,
  subject_id text not null,
  country text not null,
  doc_id text not null,
  subject_type text not null check (subject_type in ('person', 'company')),
  purpose text not null,
  status text not null check (status in ('pending', 'granted', 'revoked', 'expired')),
  previous_status text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  decided_at timestamptz,
  revoked_at timestamptz
);
create index risk_consents_by_account on risk_consents (account_id, created_at desc, consent_id);
