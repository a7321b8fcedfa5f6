-- Credit reports (decisions D10): one evaluation of a subject for an account, kept as answered.
create table risk_reports (
  report_id uuid primary key,
  account_id text not null,
  org_id text not null,
  subject_id text not null,
  country text not null,
  doc_id text not null,
  subject_type text not null check (subject_type in ('person', 'company')),
  purpose text not null,
  consent_id uuid,
  score integer not null check (score between 300 and 850),
  band text not null check (band in ('A', 'B', 'C', 'D', 'E')),
  factors jsonb not null,
  evaluated_at timestamptz not null,
  -- The client's key: a retried create answers the report it made (null when none was sent).
  idempotency_key text,
  unique (account_id, idempotency_key)
);
create index risk_reports_by_account on risk_reports (account_id, evaluated_at desc, report_id);
create index risk_reports_by_subject on risk_reports (account_id, subject_id, evaluated_at desc);
