-- The movements projection: one row per change of an account's available balance of one asset
-- (a swap makes two), signed, with the balance after it. Rebuildable by replay from zero; `id`
-- is the event id and the leg, so a replay writes the same rows.
create table movements (
  id text not null,
  position bigint not null,
  leg smallint not null,
  account_id text not null,
  created_at timestamptz not null,
  asset text not null,
  amount numeric not null,
  balance_after numeric not null,
  kind text not null,
  reference_id text not null,
  description text not null,
  constraint movements_pkey primary key (id)
);

create index movements_account_newest on movements (account_id, position desc, leg desc);
