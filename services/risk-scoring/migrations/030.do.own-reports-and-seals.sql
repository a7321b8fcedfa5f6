-- Own reports (decisions D10): which of the account's reports it asked about itself, so that a
-- new one is made at most every 30 days. `sequence` numbers them per account: the n-th own
-- report is created under the idempotency key `own-report:<account>:<n>`, so a retry after a
-- crash finds the report it already made instead of making a second one.
create table own_reports (
  account_id text not null,
  sequence integer not null,
  report_id text not null unique,
  created_at timestamptz not null default now(),
  primary key (account_id, sequence)
);

-- Company seals: the public attestation of an own report in band A or B. At most one active
-- (unrevoked) seal per account; the public code is the only way to read one without credentials.
create table seals (
  seal_id uuid primary key,
  code text not null unique,
  account_id text not null,
  report_id text not null,
  company_name text not null,
  country text not null,
  doc_id text not null,
  band text not null,
  score integer not null,
  evaluated_at timestamptz not null,
  issued_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create unique index seals_one_active_per_account on seals (account_id) where revoked_at is null;
