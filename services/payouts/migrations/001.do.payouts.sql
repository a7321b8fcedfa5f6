-- Payouts (spec §2-§4). A row is claimed with status 'creating' under the account's idempotency
-- key before any other service is called: the unique key makes concurrent duplicates wait for
-- the one that won (decisions D7). Money columns are numeric; amounts never pass through floats.
create table payouts (
  payout_id uuid primary key,
  account_id text not null,
  org_id text not null,
  idempotency_key text not null,
  request_fingerprint text not null,
  creation text not null default 'creating' check (creation in ('creating', 'created')),
  create_response jsonb,
  create_status integer,
  country text not null default '',
  currency text not null default '',
  method text not null default '',
  local_amount numeric not null default 0,
  beneficiary jsonb not null default '{}'::jsonb,
  destination text not null default '',
  purpose text,
  purpose_detail text,
  document_id text,
  dispatch text not null default 'rail' check (dispatch in ('rail', 'manual')),
  source text not null default 'api',
  settlement_asset text not null default 'USD',
  total_debit numeric not null default 0,
  fee numeric not null default 0,
  usdt_amount numeric not null default 0,
  usd_value numeric not null default 0,
  rate text not null default '1',
  rate_source text not null default 'spot',
  status text not null default 'pending',
  status_code text not null default 'compliance_pending',
  status_message text not null default '',
  funds_debited boolean not null default false,
  predebit_failure boolean not null default false,
  compliance_pending boolean not null default false,
  review_id text,
  bank_reference text not null default '',
  uetr text,
  imad text,
  next_step_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint payouts_account_key unique (account_id, idempotency_key)
);

create index payouts_account_created on payouts (account_id, created_at desc);
create index payouts_due on payouts (next_step_at) where next_step_at is not null;
create index payouts_org_recent on payouts (org_id, created_at desc);

-- Destinations the rail rejected: a new payout there within 24 h needs an explicit retry ack.
create table rejected_destinations (
  account_id text not null,
  destination text not null,
  payout_id uuid not null,
  rejected_at timestamptz not null default now(),
  primary key (account_id, destination, payout_id)
);

-- Per-organization money-out limits in USD (decisions D7); no row means no limits.
create table org_limits (
  org_id text primary key,
  min_amount_usd numeric,
  max_amount_usd numeric,
  daily_amount_usd numeric,
  updated_at timestamptz not null default now()
);

-- Supporting files for US/USD payouts, uploaded before the payout that cites them.
create table payout_documents (
  document_id uuid primary key,
  account_id text not null,
  filename text not null,
  content_type text not null,
  size_bytes integer not null,
  content bytea not null,
  created_at timestamptz not null default now()
);
