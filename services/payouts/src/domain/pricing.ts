import Big from 'big.js';
import { DomainError } from '@platform/contracts';
import { ASSETS, Money, isAsset, type Asset, type Currency } from '@platform/money';

/** The ledger's rate table as `ledger.get_rates` answers it. */
export interface RateTableView {
  assets: { asset: string; usd_per_unit: string | null }[];
  currencies: { currency: string; per_usd: string }[];
}

export interface PayoutPrice {
  settlement_asset: Asset;
  /** Debited from the settlement asset, fees included (zero in the sandbox). */
  total_debit: Money<Asset>;
  fee: Money<Asset>;
  /** The payout's value in USDT (6 decimals). */
  usdt_amount: string;
  /** The payout's value in USD (cents), which the organization limits count. */
  usd_value: string;
  /** Units of `currency` one unit of the settlement asset buys. */
  rate: string;
  rate_source: 'spot';
}

const Decimal = Big();
Decimal.strict = true;
/** Precision of divisions before the final rounding; far finer than any asset's decimals. */
const DIVISION_DECIMALS = 30;

/**
 * Prices a payout of `local` (in the payout currency) from `settlement_asset` (spec §1 rules 3
 * and 6, decisions D7). A BOB, MXN or ARS balance pays only a payout in its own currency, at
 * rate 1; any other pair goes through USD at the rate table. The debit is rounded up to the
 * asset's precision so the platform never pays out more than it takes.
 */
export function pricePayout(
  local: Money<Currency>,
  settlement_asset: string,
  rates: RateTableView,
): PayoutPrice {
  if (!isAsset(settlement_asset)) {
    throw new DomainError('invalid_settlement_asset', 'settlement_asset is not a ledger asset');
  }
  const asset = settlement_asset;
  const per_usd = perUsd(rates, local.asset);
  const usd = new Decimal(local.toString()).div(per_usd);
  const usdt_amount = usd.div(usdPerUnit(rates, 'USDT')).round(6, Decimal.roundUp).toFixed(6);
  const usd_value = usd.round(2, Decimal.roundUp).toFixed(2);
  if (ASSETS[asset].same_currency_only) {
    if (asset !== local.asset) {
      throw new DomainError('pricing_unavailable', `a ${asset} balance pays only ${asset} payouts`);
    }
    const debit = Money.parse(asset, local.toString());
    return priced(asset, debit, usdt_amount, usd_value, '1');
  }
  const unit_usd = usdPerUnit(rates, asset);
  const exact = usd.div(unit_usd);
  const decimals = ASSETS[asset].decimals;
  const debit = Money.parse(asset, exact.round(decimals, Decimal.roundUp).toFixed(decimals));
  const rate = per_usd.times(unit_usd).round(DIVISION_DECIMALS, Decimal.roundHalfEven);
  return priced(asset, debit, usdt_amount, usd_value, trimZeros(rate.toFixed(DIVISION_DECIMALS)));
}

function priced(
  asset: Asset,
  debit: Money<Asset>,
  usdt_amount: string,
  usd_value: string,
  rate: string,
): PayoutPrice {
  const fee = Money.zero(asset);
  return {
    settlement_asset: asset,
    total_debit: debit.add(fee),
    fee,
    usdt_amount,
    usd_value,
    rate,
    rate_source: 'spot',
  };
}

function perUsd(rates: RateTableView, currency: string): Big {
  const row = rates.currencies.find((entry) => entry.currency === currency);
  if (!row) throw new DomainError('currency_not_supported', `no rate for ${currency}`);
  return new Decimal(row.per_usd);
}

function usdPerUnit(rates: RateTableView, asset: string): Big {
  const row = rates.assets.find((entry) => entry.asset === asset);
  if (!row?.usd_per_unit) throw new DomainError('pricing_unavailable', `no price for ${asset}`);
  return new Decimal(row.usd_per_unit);
}

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}
