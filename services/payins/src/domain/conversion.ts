import { Money, Ratio, type Asset, type MoneyUnit } from '@platform/money';

/** The ledger's rate table as `ledger.get_rates` answers it. */
export interface RateTableView {
  assets: { asset: string; usd_per_unit: string | null }[];
  currencies: { currency: string; per_usd: string }[];
}

export interface PayinCredit {
  credit_asset: Asset;
  /** Net amount credited in `credit_asset` (the `usdt_credited` of spec §2, D7). */
  credited: Money<Asset>;
  gross: Money<Asset>;
  fee: Money<Asset>;
  /** Units of the payin's currency per unit of the credit asset. */
  fx_rate: string;
  /** True when the local currency stays in its own fiat ledger (spec §1 rule 2). */
  fiat_hold_local: boolean;
}

/** USD and USDT are priced 1:1 whatever the table says (spec §1 rule 5). */
const PARITY: readonly string[] = ['USD', 'USDT'];

/**
 * Prices a collected local amount in the account's payin asset at the rate table, rounded down
 * (the account never receives more than the table gives). Sandbox fees are zero (D6).
 */
export function priceLocalPayin(
  amount: Money,
  credit_asset: Asset,
  rates: RateTableView,
  fiat_hold_local: boolean,
): PayinCredit {
  if (fiat_hold_local) {
    const local = Money.parse(credit_assetOfLocal(amount.asset), amount.toString());
    return {
      credit_asset: local.asset,
      credited: local,
      gross: local,
      fee: Money.zero(local.asset),
      fx_rate: '1',
      fiat_hold_local: true,
    };
  }
  // Units of the local currency per unit of the credit asset; applied exactly, rounded once.
  const local_per_unit = perUsd(rates, amount.asset).times(usdPerUnit(rates, credit_asset));
  const gross = amount.convert(credit_asset, Ratio.ONE.per(local_per_unit), 'down');
  return {
    credit_asset,
    credited: gross,
    gross,
    fee: Money.zero(credit_asset),
    fx_rate: local_per_unit.toString(),
    fiat_hold_local: false,
  };
}

/**
 * A settlement-asset amount in a local currency (checkout quotes), rounded up so that the local
 * amount always covers the charge.
 */
export function localAmountFor(
  amount: Money<Asset>,
  currency: MoneyUnit,
  rates: RateTableView,
): Money {
  const rate = usdPerUnit(rates, amount.asset).times(perUsd(rates, currency));
  return amount.convert(currency, rate, 'up');
}

/**
 * A checkout charge priced in a crypto asset, rounded up so the link is covered. The stablecoins
 * are offered at 1 USD; BTC at the table's price, divided exactly (a rate cut to a number of
 * places would fall short of the charge on large amounts).
 */
export function cryptoDueFor(charged: Money<Asset>, asset: Asset, rates: RateTableView): string {
  const stable = asset === 'USDT' || asset === 'USDC';
  const asset_usd = stable
    ? '1'
    : (rates.assets.find((row) => row.asset === asset)?.usd_per_unit ?? '1');
  return charged.convert(asset, usdPerUnit(rates, charged.asset).per(asset_usd), 'up').toString();
}

/** The rate of a local currency against the charged asset, for the event's `fx_rate`. */
export function rateOf(local: Money, charged: Money<Asset>, rates: RateTableView): string {
  if (local.asset === charged.asset) return '1';
  return perUsd(rates, local.asset).times(usdPerUnit(rates, charged.asset)).toString();
}

function credit_assetOfLocal(unit: MoneyUnit): Asset {
  if (unit === 'BOB' || unit === 'MXN' || unit === 'ARS') return unit;
  throw new Error(`${unit} has no local fiat ledger`);
}

function perUsd(rates: RateTableView, currency: string): Ratio {
  if (currency === 'USD') return Ratio.ONE;
  const rate = rates.currencies.find((entry) => entry.currency === currency)?.per_usd;
  if (!rate) throw new Error(`the rate table has no rate for ${currency}`);
  return Ratio.parse(rate);
}

/** USD per unit of `asset`: 1 for USD and USDT whatever the table says. */
function usdPerUnit(rates: RateTableView, asset: string): Ratio {
  if (PARITY.includes(asset)) return Ratio.ONE;
  const price = rates.assets.find((entry) => entry.asset === asset)?.usd_per_unit;
  if (!price) throw new Error(`the rate table has no USD price for ${asset}`);
  return Ratio.parse(price);
}
