-- The environment's HD seed (BIP-32), sealed by the keyring: every platform-held address of the
-- environment derives from it. One row; it never leaves this table in clear.
create table hd_seed (
  singleton boolean primary key default true check (singleton),
  seed_sealed text not null,
  created_at timestamptz not null default now()
);

-- Address indexes are handed out once per chain and purpose, never reused.
create table address_indexes (
  chain text not null,
  purpose text not null,
  next_index integer not null,
  primary key (chain, purpose)
);
