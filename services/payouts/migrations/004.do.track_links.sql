-- Public track codes of payouts: one a payout, kept for as long as the payout is.
create table track_links (
  code text primary key,
  resource_id uuid not null unique,
  account_id text not null,
  created_at timestamptz not null default now()
);
