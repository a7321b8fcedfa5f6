-- Segregated wallets (decisions D9). A platform-custody wallet's key is derived from the HD seed
-- at `derivation_path`; a client-custody (imported) wallet's key is stored only sealed by the
-- keyring, with the wallet id as associated data. Exactly one of the two is set.
create table segregated_wallets (
  wallet_id uuid primary key,
  account_id text not null,
  org_id text not null,
  chain text not null,
  asset text not null,
  address text not null,
  label text,
  custody text not null check (custody in ('platform', 'client')),
  derivation_path text,
  key_sealed text,
  created_at timestamptz not null default now(),
  check ((custody = 'platform') = (derivation_path is not null)),
  check ((custody = 'client') = (key_sealed is not null))
);
create index segregated_wallets_by_account on segregated_wallets (account_id, created_at desc);
-- One wallet an address in an account: a key imported twice is refused.
create unique index segregated_wallets_address on segregated_wallets (account_id, chain, lower(address));
