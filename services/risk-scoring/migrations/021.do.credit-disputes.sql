-- Disputes of credit-report factors (decisions D10). One open dispute per account, subject and
-- factor; a resolved one neutralizes its factor in the subject's later evaluations.
create table risk_credit_disputes (
  dispute_id uuid primary key,
  account_id text not null,
  org_id text not null,
  country text not null,
  doc_id text not null,
  subject_type text not null,
  report_id text not null,
  factor_code text not null,
  factor_description text not null,
  reason text not null,
  status text not null check (status in ('open', 'resolved', 'rejected')),
  decision_note text,
  decided_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index risk_credit_disputes_open on risk_credit_disputes
  (account_id, country, doc_id, factor_code) where status = 'open';
create index risk_credit_disputes_by_subject on risk_credit_disputes (country, doc_id, status);
create index risk_credit_disputes_by_account on risk_credit_disputes (account_id, created_at desc);
