-- Contracts (decisions D11): organization admins' template versions, and the envelopes accounts
-- sign. A template's versions share its name; the newest supersedes the others.
create table contract_templates (
  template_id uuid primary key,
  org_id text not null,
  name text not null,
  version integer not null check (version >= 1),
  template jsonb not null,
  idempotency_key text,
  request_hash text,
  created_at timestamptz not null default now(),
  unique (org_id, name, version)
);
create unique index contract_templates_idempotency on contract_templates (org_id, idempotency_key)
  where idempotency_key is not null;
create index contract_templates_org on contract_templates (org_id, created_at desc, template_id);

create table contract_envelopes (
  envelope_id uuid primary key,
  org_id text not null,
  account_id text not null,
  template_id uuid not null references contract_templates (template_id),
  status text not null check (status in ('pending', 'signed')),
  state jsonb not null,
  code text unique,
  idempotency_key text,
  request_hash text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index contract_envelopes_idempotency on contract_envelopes (org_id, idempotency_key)
  where idempotency_key is not null;
create index contract_envelopes_account on contract_envelopes (account_id, created_at desc, envelope_id);
