-- Wallet links (decisions D9): a challenge is a message the account signs with an external
-- wallet; a verified signature of it links the wallet. A challenge links at most once.
create table wallet_link_challenges (
  challenge_id uuid primary key,
  account_id text not null,
  org_id text not null,
  chain text not null,
  address text not null,
  message text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

-- Links stay as history once deleted; one active link per account, chain and address.
create table wallet_links (
  link_id uuid primary key,
  account_id text not null,
  org_id text not null,
  chain text not null,
  address text not null,
  challenge_id uuid not null unique references wallet_link_challenges (challenge_id),
  linked_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index wallet_links_active_address on wallet_links (account_id, chain, address)
  where deleted_at is null;
create index wallet_links_by_account on wallet_links (account_id, linked_at desc);
