-- Public track codes of payins: one a payin, kept for as long as the payin is.
create table track_links (
  code text primary key,
  resource_id uuid not null unique,
  account_id text not null,
  created_at timestamptz not null default now()
);
