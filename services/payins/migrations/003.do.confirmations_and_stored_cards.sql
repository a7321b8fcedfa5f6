-- Manual confirmation of collections no rail reports (EC/USD bank transfers): one operator
-- records the receipt, a different one approves or cancels it.
create table payin_confirmations (
  payin_id uuid primary key references payins (payin_id),
  account_id uuid not null,
  received_by uuid not null,
  received_amount numeric not null,
  bank_reference text not null,
  received_at timestamptz not null default now(),
  decision text check (decision in ('approved', 'cancelled')),
  decided_by uuid,
  decided_at timestamptz
);

-- Cards saved by a paid card payin with `save_card: true`, charged later by `instrument_id`.
create table stored_cards (
  instrument_id uuid primary key,
  account_id uuid not null,
  brand text not null,
  last4 text not null,
  exp_month integer not null,
  exp_year integer not null,
  country text not null,
  currency text not null,
  source_payin_id uuid not null unique references payins (payin_id),
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);

create index stored_cards_owner on stored_cards (account_id, created_at desc);

alter table payins add column instrument_id uuid references stored_cards (instrument_id);
