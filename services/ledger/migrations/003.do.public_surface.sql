-- Per-account settings the ledger holds: the default settlement asset (payouts, fees), the
-- asset payins settle into, and the account's alias (unique in its organization, exact match).
create table account_settings (
  account_id text not null,
  org_id text not null,
  settlement_asset text not null default 'USD',
  payin_settlement_asset text not null default 'USD',
  alias text,
  updated_at timestamptz not null default now(),
  constraint account_settings_pkey primary key (account_id)
);
create unique index account_settings_org_alias on account_settings (org_id, alias)
  where alias is not null;

-- Client idempotency keys (D7), scoped per account and operation kind, never expiring. A row is
-- `pending` while its operation runs (concurrent requests with the key wait for it) and holds
-- the original answer once `done`; a failed operation removes its row so the key can retry.
create table idempotency_keys (
  account_id text not null,
  scope text not null,
  idempotency_key text not null,
  fingerprint text not null,
  record_id text not null,
  status text not null check (status in ('pending', 'done')),
  response jsonb,
  claimed_at timestamptz not null default now(),
  constraint idempotency_keys_pkey primary key (account_id, scope, idempotency_key)
);

-- Swaps as the public API shows them; the ledger event (reference_id = swap id) is the truth.
create table swaps (
  id text not null,
  account_id text not null,
  from_asset text not null,
  to_asset text not null,
  from_amount numeric not null,
  to_amount numeric not null,
  from_usd_per_unit numeric not null,
  to_usd_per_unit numeric not null,
  usd_value numeric not null,
  idempotency_key text,
  created_at timestamptz not null,
  seq bigserial not null,
  constraint swaps_pkey primary key (id)
);
create index swaps_account_newest on swaps (account_id, seq desc);

-- Internal transfers, listed for both the payer and the payee.
create table transfers (
  id text not null,
  org_id text not null,
  from_account_id text not null,
  to_account_id text not null,
  asset text not null,
  amount numeric not null,
  description text not null,
  idempotency_key text,
  created_at timestamptz not null,
  seq bigserial not null,
  constraint transfers_pkey primary key (id)
);
create index transfers_from_newest on transfers (from_account_id, seq desc);
create index transfers_to_newest on transfers (to_account_id, seq desc);
