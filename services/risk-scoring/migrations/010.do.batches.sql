-- Credit-scoring batches (decisions D10): a batch and its items. The batch row holds the
-- aggregate's state (status and counts by item status); each chunk of evaluated items updates
-- its items and these counts in one transaction, so progress survives a crash.
create table risk_batches (
  batch_id uuid primary key,
  account_id text not null,
  org_id text not null,
  purpose text not null,
  source text not null check (source in ('json', 'csv')),
  idempotency_key text,
  -- What the request asked for, to tell a replay of the key from another request.
  request_fingerprint text not null,
  status text not null check (status in ('queued', 'processing', 'completed', 'failed')),
  total int not null,
  pending int not null,
  completed int not null default 0,
  no_score int not null default 0,
  consent_required int not null default 0,
  invalid int not null default 0,
  failed int not null default 0,
  failure_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz
);
create unique index risk_batches_idempotency on risk_batches (account_id, idempotency_key)
  where idempotency_key is not null;
create index risk_batches_by_account on risk_batches (account_id, created_at desc, batch_id);
create index risk_batches_unfinished on risk_batches (updated_at)
  where status in ('queued', 'processing');

create table risk_batch_items (
  batch_id uuid not null references risk_batches (batch_id),
  position int not null,
  country text not null,
  doc_id text not null,
  subject_type text not null,
  status text not null
    check (status in ('pending', 'completed', 'no_score', 'consent_required', 'invalid', 'failed')),
  score int,
  band text,
  report_id text,
  error text,
  reason text,
  processed_at timestamptz,
  primary key (batch_id, position)
);
create index risk_batch_items_pending on risk_batch_items (batch_id, position)
  where status = 'pending';
