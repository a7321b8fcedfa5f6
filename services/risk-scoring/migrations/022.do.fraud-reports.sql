-- Fraud reports (decisions D10): the signals an account observed and the score they gave.
-- A client key names one report per account (D7); `request_hash` tells a repeat from a conflict.
create table risk_fraud_reports (
  fraud_report_id uuid primary key,
  account_id text not null,
  org_id text not null,
  country text not null,
  doc_id text not null,
  subject_type text not null,
  fraud_score integer not null check (fraud_score between 0 and 100),
  level text not null,
  reasons jsonb not null,
  signals jsonb not null,
  idempotency_key text,
  request_hash text not null,
  created_at timestamptz not null default now()
);
create unique index risk_fraud_reports_key on risk_fraud_reports (account_id, idempotency_key)
  where idempotency_key is not null;
create index risk_fraud_reports_by_account on risk_fraud_reports (account_id, created_at desc);
