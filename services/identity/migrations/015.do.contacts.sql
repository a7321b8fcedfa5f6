-- Each account's address book. A contact may be linked to an account of the organization (for
-- transfers) and may carry a saved payout destination. Email and phone identify a contact within
-- its owner's book: importing one again replaces it.
create table contacts (
  contact_id uuid primary key,
  owner_account_id uuid not null references accounts (id),
  name text not null,
  email text,
  phone text,
  linked_account_id uuid references accounts (id),
  destination jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index contacts_owner_email on contacts (owner_account_id, email) where email is not null;
create unique index contacts_owner_phone on contacts (owner_account_id, phone)
  where phone is not null and email is null;
create index contacts_owner_name on contacts (owner_account_id, lower(name), contact_id);
