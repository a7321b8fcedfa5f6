-- Payment disputes on card payins (decisions D8): the decider's state per dispute, one dispute
-- per payin. The number leaves room for the service's other migrations written at the same time.
create table disputes (
  dispute_id uuid primary key,
  payin_id text not null unique,
  account_id text not null,
  org_id text not null,
  status text not null check (status in ('needs_response', 'under_review', 'won', 'lost')),
  state jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index disputes_account on disputes (account_id, created_at desc, dispute_id);
