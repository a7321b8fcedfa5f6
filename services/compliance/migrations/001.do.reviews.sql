-- Transactional firewall reviews (spec §3): an operation held for a reviewer's decision.
create table reviews (
  review_id uuid primary key,
  subject_type text not null,
  subject_id text not null,
  account_id text not null,
  org_id text not null,
  status text not null default 'in_review'
    check (status in ('in_review', 'info_requested', 'released', 'rejected')),
  reason text not null,
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  constraint reviews_subject unique (subject_type, subject_id)
);
create index reviews_account on reviews (account_id, created_at desc);
