-- The platform's own payment history of each subject (a projection of other services' events,
-- by the subject's document id): the scorecard's second source.
create table subject_payment_history (
  country text not null,
  doc_id text not null,
  payouts_completed integer not null default 0,
  payouts_failed integer not null default 0,
  payins_credited integer not null default 0,
  verified_holder boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (country, doc_id)
);

-- The events the projection has applied, so a redelivered event counts once.
create table subject_history_applied (
  event_id text primary key,
  applied_at timestamptz not null default now()
);
