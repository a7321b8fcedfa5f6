-- The banking customer of an account: one per account, opened from its approved verification.
create table banking_customers (
  customer_id uuid primary key,
  account_id text not null unique,
  org_id text not null,
  kyc_status text not null check (kyc_status in ('in_review', 'approved', 'rejected')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- A customer's bank accounts: one USD (routing and account number), one EUR (virtual IBAN).
create table bank_accounts (
  bank_account_id uuid primary key,
  customer_id uuid not null references banking_customers (customer_id),
  account_id text not null,
  currency text not null check (currency in ('USD', 'EUR')),
  status text not null check (status in ('active')),
  iban text unique,
  bic text,
  routing_number text,
  account_number text,
  created_at timestamptz not null default now(),
  unique (customer_id, currency)
);
create index bank_accounts_by_account on bank_accounts (account_id);

-- The balance of a bank account is the sum of its entries (signed; a debit is negative).
create table bank_entries (
  entry_id uuid primary key,
  bank_account_id uuid not null references bank_accounts (bank_account_id),
  operation_id uuid not null,
  change numeric(20, 2) not null,
  booked_at timestamptz not null default now()
);
create index bank_entries_by_account on bank_entries (bank_account_id);

-- Beneficiaries of payments; two of an account never share a bank reference (IBAN or US account).
create table third_parties (
  third_party_id uuid primary key,
  account_id text not null,
  name text not null,
  currency text not null check (currency in ('USD', 'EUR')),
  bank_ref text not null,
  iban text,
  bic text,
  routing_number text,
  account_number text,
  created_at timestamptz not null default now(),
  unique (account_id, bank_ref)
);
create index third_parties_by_account on third_parties (account_id, created_at desc);

-- Payments and inbound transfers. One payment per (account, idempotency key).
create table bank_operations (
  operation_id uuid primary key,
  account_id text not null,
  org_id text not null,
  customer_id uuid not null,
  bank_account_id uuid not null references bank_accounts (bank_account_id),
  third_party_id uuid references third_parties (third_party_id),
  type text not null check (type in ('payment', 'inbound')),
  status text not null check (status in ('processing', 'completed', 'failed')),
  currency text not null check (currency in ('USD', 'EUR')),
  amount numeric(20, 2) not null check (amount > 0),
  fee numeric(20, 2) not null check (fee >= 0),
  failure_code text,
  idempotency_key text,
  -- What the request asked for: a retry under the key with another body is a conflict.
  request_fingerprint text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (account_id, idempotency_key)
);
create index bank_operations_by_account on bank_operations (account_id, created_at desc);
