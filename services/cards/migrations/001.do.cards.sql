-- Cards of an account. The full card number and its security code are never stored here: the
-- issuer keeps them (the sandbox issuer in its own table below) and answers them by issuer_ref.
create table cards (
  card_id uuid primary key,
  account_id text not null,
  org_id text not null,
  type text not null check (type in ('virtual', 'physical')),
  status text not null check (status in ('pending_activation', 'active', 'frozen', 'cancelled')),
  reason text check (reason in ('user_requested', 'monthly_fee_unpaid')),
  cardholder_name text not null,
  occupation text,
  business_activity text,
  shipping_address jsonb,
  -- Set once the issuer has issued the card; until then the card is not shown (a create cut
  -- short is finished by the retry with the same idempotency key).
  issuer_ref text unique,
  last4 text,
  expiry text,
  idempotency_key text,
  fingerprint text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (account_id, idempotency_key)
);
create index cards_by_account on cards (account_id, created_at desc, card_id);
create index cards_payable on cards (status) where status in ('active', 'frozen');

-- Sandbox card transactions: one row per authorization, its status moved by reversal or
-- adjustment. `transaction_id` is the client's (or ours) and unique per card.
create table card_transactions (
  card_id uuid not null references cards (card_id),
  transaction_id text not null,
  account_id text not null,
  status text not null check (status in ('authorized', 'declined', 'reversed', 'adjusted')),
  amount numeric not null,
  authorized_amount numeric not null,
  asset text not null,
  merchant text not null,
  decline_reason text,
  hold_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (card_id, transaction_id)
);
create index card_transactions_by_card on card_transactions (card_id, created_at desc);

-- The monthly fee of a card, at most one row per card and month: `charged`, or `unpaid` while
-- the balance could not cover it (the card is frozen with reason monthly_fee_unpaid).
create table card_fees (
  card_id uuid not null references cards (card_id),
  month text not null check (month ~ '^\d{4}-(0[1-9]|1[0-2])$'),
  account_id text not null,
  status text not null check (status in ('charged', 'unpaid')),
  amount numeric not null,
  asset text not null,
  updated_at timestamptz not null default now(),
  primary key (card_id, month)
);
create index card_fees_unpaid on card_fees (card_id) where status = 'unpaid';

-- The sandbox issuer's own records: the only place a (test) card number and code exist.
create table sandbox_issuer_cards (
  issuer_ref text primary key,
  card_id uuid not null unique,
  pan text not null,
  cvv text not null,
  expiry text not null,
  created_at timestamptz not null default now()
);
