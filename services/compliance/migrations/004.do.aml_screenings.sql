-- AML screenings (decisions D8): a subject screened against the sanctions and PEP lists. The
-- number leaves room for the service's other migrations written at the same time.
create table aml_screenings (
  screening_id uuid primary key,
  account_id text not null,
  org_id text not null,
  idempotency_key text,
  subject jsonb not null,
  status text not null check (status in ('clear', 'potential_match', 'match')),
  matches jsonb not null,
  -- The content hash of the lists the outcome was computed against.
  list_version text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index aml_screenings_key on aml_screenings (account_id, idempotency_key)
  where idempotency_key is not null;
create index aml_screenings_account on aml_screenings (account_id, created_at desc, screening_id);

-- An account's monitoring switch: monitored subjects are rescreened when a list changes.
create table aml_monitoring (
  account_id text primary key,
  enabled boolean not null,
  updated_at timestamptz not null default now()
);
create index aml_monitoring_enabled on aml_monitoring (account_id) where enabled;

-- Rescreens asked with a key answer the same count when repeated.
create table aml_rescreens (
  account_id text not null,
  idempotency_key text not null,
  rescreened integer not null,
  created_at timestamptz not null default now(),
  primary key (account_id, idempotency_key)
);
