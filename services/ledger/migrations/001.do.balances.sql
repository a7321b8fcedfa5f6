-- The balances projection: one row per account and asset that ever moved, maintained from the
-- ledger's events by a catch-up subscription and rebuildable by replay from zero.
create table balances (
  account_id text not null,
  asset text not null,
  available numeric not null,
  held numeric not null,
  total numeric not null,
  constraint balances_pkey primary key (account_id, asset)
);
