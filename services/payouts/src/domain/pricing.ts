import Big from 'big.js';
import { DomainError } from '@platform/contracts';
import { ASSETS, Money, isAsset, type Asset, type Currency } from '@platform/money';

/** The ledger's rate table as `ledger.get_rates` answers it. */
export interface RateTableView {
  assets: { asset: string; usd_per_unit: string | null }[];
  currencies: { currency: string; per_usd: string }[];
}

/**
 * An organization's payout fee (decisions D6; none without pricing): `fixed_fee_usd` plus
 * `percentage` percent of the payout's USD value, both decimal strings.
 */
export interface FeeSchedule {
  fixed_fee_usd: string;
  percentage: string;
}

export interface PayoutPrice {
  settlement_asset: Asset;
  /** What leaves the settlement asset for the payout itself, without the fee. */
  debit: Money<Asset>;
  /** Debited from the settlement asset: `debit + fee`. */
  total_debit: Money<Asset>;
  /** In the settlement asset, rounded up to its decimals; held and posted as its own leg. */
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
 * asset's precision so the platform never pays out more than it takes; so is the fee of the
 * organization's `schedule`, converted from USD at the same table.
 */
export function pricePayout(
  local: Money<Currency>,
  settlement_asset: string,
  rates: RateTableView,
  schedule: FeeSchedule | null = null,
): PayoutPrice {
  if (!isAsset(settlement_asset)) {
    throw new DomainError('invalid_settlement_asset', 'settlement_asset is not a ledger asset');
  }
  const asset = settlement_asset;
  const per_usd = perUsd(rates, local.asset);
  const usd = new Decimal(local.toString()).div(per_usd);
  const usdt_amount = usd.div(usdPerUnit(rates, 'USDT')).round(6, Decimal.roundUp).toFixed(6);
  const usd_value = usd.round(2, Decimal.roundUp).toFixed(2);
  const fee_usd = feeInUsd(usd, schedule);
  if (ASSETS[asset].same_currency_only) {
    if (asset !== local.asset) {
      throw new DomainError('pricing_unavailable', `a ${asset} balance pays only ${asset} payouts`);
    }
    const debit = Money.parse(asset, local.toString());
    // The fee is priced in USD: a local-currency balance pays it at the currency's rate.
    const fee = roundedUp(asset, fee_usd.times(per_usd));
    return priced(asset, debit, fee, usdt_amount, usd_value, '1');
  }
  const unit_usd = usdPerUnit(rates, asset);
  const debit = roundedUp(asset, usd.div(unit_usd));
  const fee = roundedUp(asset, fee_usd.div(unit_usd));
  const rate = per_usd.times(unit_usd).round(DIVISION_DECIMALS, Decimal.roundHalfEven);
  const rate_text = trimZeros(rate.toFixed(DIVISION_DECIMALS));
  return priced(asset, debit, fee, usdt_amount, usd_value, rate_text);
}

/** The schedule's fee for a payout worth `usd` (exact, not yet rounded). */
function feeInUsd(usd: Big, schedule: FeeSchedule | null): Big {
  if (!schedule) return new Decimal('0');
  const share = usd.times(new Decimal(schedule.percentage)).div('100');
  return new Decimal(schedule.fixed_fee_usd).plus(share);
}

/** Rounded up to the asset's decimals, so the platform never charges less than it priced. */
function roundedUp(asset: Asset, exact: Big): Money<Asset> {
  const decimals = ASSETS[asset].decimals;
  return Money.parseSigned(asset, exact.round(decimals, Decimal.roundUp).toFixed(decimals));
}

function priced(
  asset: Asset,
  debit: Money<Asset>,
  fee: Money<Asset>,
  usdt_amount: string,
  usd_value: string,
  rate: string,
): PayoutPrice {
  return {
    settlement_asset: asset,
    debit,
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
