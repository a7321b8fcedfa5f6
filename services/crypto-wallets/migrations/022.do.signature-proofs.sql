-- Signature proofs (decisions D9): a statement signed by a segregated wallet, verifiable at a
-- public page by its code. The signed message is the statement itself.
create table signature_proofs (
  proof_id uuid primary key,
  proof_code text not null unique,
  account_id text not null,
  org_id text not null,
  wallet_id uuid not null references segregated_wallets (wallet_id),
  chain text not null,
  address text not null,
  statement text not null,
  purpose text not null,
  signature text not null,
  status text not null check (status in ('signed', 'revoked')),
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index signature_proofs_by_account on signature_proofs (account_id, created_at desc);
