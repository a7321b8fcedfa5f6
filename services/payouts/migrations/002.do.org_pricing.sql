-- Per-organization payout pricing (decisions D6: fees are zero unless an organization's pricing
-- says otherwise), set by an operator beside the limits. `country` and `currency` are both empty
-- for the organization's pricing, or name the one corridor a row prices (it wins over the
-- organization's row). The fee is `fixed_fee_usd` plus `percentage` percent of the payout's USD
-- value; no row means no fee.
create table org_pricing (
  org_id text not null,
  country text not null default '',
  currency text not null default '',
  fixed_fee_usd numeric not null default 0 check (fixed_fee_usd >= 0),
  percentage numeric not null default 0 check (percentage >= 0 and percentage <= 100),
  updated_at timestamptz not null default now(),
  primary key (org_id, country, currency)
);
