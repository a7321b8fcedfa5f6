-- The banking service's balance entries, projected for the daily BANK_USD and BANK_EUR series
-- of the balance history. One row per entry (its id deduplicates a redelivered event).
create table banking_balance_entries (
  entry_id text primary key,
  account_id text not null,
  currency text not null check (currency in ('USD', 'EUR')),
  change numeric(20, 2) not null,
  booked_at timestamptz not null
);
create index banking_balance_entries_by_account on banking_balance_entries (account_id, booked_at);
