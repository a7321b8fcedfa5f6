-- Dedicated deposit accounts: an account number (CLABE, CVU, ACH account) that credits its owner.
create table deposit_accounts (
  deposit_account_id uuid primary key,
  account_id uuid not null,
  org_id text not null,
  country text not null,
  currency text not null,
  purpose text not null,
  label text,
  account_number text not null unique,
  bank_alias text,
  created_at timestamptz not null default now()
);

create index deposit_accounts_owner on deposit_accounts (account_id, country, currency, created_at desc);
create unique index deposit_accounts_alias on deposit_accounts (country, lower(bank_alias))
  where bank_alias is not null;
