import { DomainError } from '@platform/contracts';
import { ASSETS, Money, Ratio, isAsset, type Asset, type Currency } from '@platform/money';

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

/** Places of the stated rate; the amounts are exact until their own one rounding. */
const RATE_DECIMALS = 30;

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
  const usd = local.toRatio().per(per_usd);
  const usdt_amount = Money.fromRatio('USDT', usd.per(usdPerUnit(rates, 'USDT')), 'up').toString();
  const usd_value = Money.fromRatio('USD', usd, 'up').toString();
  const fee_usd = feeInUsd(usd, schedule);
  if (ASSETS[asset].same_currency_only) {
    if (asset !== local.asset) {
      throw new DomainError('pricing_unavailable', `a ${asset} balance pays only ${asset} payouts`);
    }
    const debit = Money.parse(asset, local.toString());
    // The fee is priced in USD: a local-currency balance pays it at the currency's rate.
    const fee = Money.fromRatio(asset, fee_usd.times(per_usd), 'up');
    return priced(asset, debit, fee, usdt_amount, usd_value, '1');
  }
  const unit_usd = usdPerUnit(rates, asset);
  const debit = Money.fromRatio(asset, usd.per(unit_usd), 'up');
  const fee = Money.fromRatio(asset, fee_usd.per(unit_usd), 'up');
  const rate = per_usd.times(unit_usd).toDecimal(RATE_DECIMALS, 'half_even');
  return priced(asset, debit, fee, usdt_amount, usd_value, rate);
}

/** The schedule's fee for a payout worth `usd` (exact, not yet rounded). */
function feeInUsd(usd: Ratio, schedule: FeeSchedule | null): Ratio {
  if (!schedule) return Ratio.ZERO;
  const share = usd.times(schedule.percentage).per('100');
  return Ratio.parse(schedule.fixed_fee_usd).plus(share);
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

function perUsd(rates: RateTableView, currency: string): Ratio {
  const row = rates.currencies.find((entry) => entry.currency === currency);
  if (!row) throw new DomainError('currency_not_supported', `no rate for ${currency}`);
  return Ratio.parse(row.per_usd);
}

function usdPerUnit(rates: RateTableView, asset: string): Ratio {
  const row = rates.assets.find((entry) => entry.asset === asset);
  if (!row?.usd_per_unit) throw new DomainError('pricing_unavailable', `no price for ${asset}`);
  return Ratio.parse(row.usd_per_unit);
}
