-- What the payin view shows of the card a payin saved or charged (spec §2 `instrument`), kept
-- on the payin so a revoked or re-listed card never changes what a past payin says.
alter table payins add column instrument jsonb;
update payins p
   set instrument = jsonb_build_object('type', 'card', 'brand', c.brand, 'last4', c.last4,
                                       'exp_month', c.exp_month, 'exp_year', c.exp_year)
  from stored_cards c
 where c.instrument_id = p.instrument_id;

-- A deposit that arrived through a dedicated deposit account, and who the rail says paid it.
alter table payins add column deposit_account_id uuid references deposit_accounts (deposit_account_id);
alter table payins add column payer jsonb;
create index payins_deposit_account on payins (deposit_account_id) where deposit_account_id is not null;

-- Pull collections whose payer's bank sends an SMS code (`otp_route`): the request that made
-- the bank send it, used once by the collection that presents the code.
create table collect_otp_requests (
  otp_request_id uuid primary key,
  -- The account that asked (`/v1/payins/collect/otp`), or the checkout link (`/pay/{token}`).
  requester text not null,
  method text not null,
  payer_phone text not null,
  payer_document text not null,
  payer_bank_code text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

create index collect_otp_requests_open on collect_otp_requests (requester, method, payer_phone)
  where used_at is null;
