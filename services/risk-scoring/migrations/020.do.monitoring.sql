-- Monitoring (decisions D10): an account watches a subject it has reported. `score` and `band`
-- are the last ones the account was told; a rescoring compares with them. A stopped
-- subscription stays as history; one active subscription per account and subject.
create table risk_monitoring (
  monitoring_id uuid primary key,
  account_id text not null,
  org_id text not null,
  country text not null,
  doc_id text not null,
  subject_type text not null,
  status text not null check (status in ('active', 'stopped')),
  score integer,
  band text,
  score_updated_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index risk_monitoring_active on risk_monitoring (account_id, country, doc_id)
  where status = 'active';
create index risk_monitoring_by_subject on risk_monitoring (doc_id, country)
  where status = 'active';
create index risk_monitoring_by_account on risk_monitoring (account_id, created_at desc);
