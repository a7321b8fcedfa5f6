import { Money, type Asset, type MoneyUnit } from '@platform/money';

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
  const per_usd = perUsd(rates, amount.asset);
  const usd_per_unit = PARITY.includes(credit_asset) ? '1' : usdPerUnit(rates, credit_asset);
  // local / per_usd / usd_per_unit, exactly in integers, one rounding at the end.
  const gross = scaleDown(amount, credit_asset, '1', multiplyDecimals(per_usd, usd_per_unit));
  return {
    credit_asset,
    credited: gross,
    gross,
    fee: Money.zero(credit_asset),
    fx_rate: trimZeros(multiplyDecimals(per_usd, usd_per_unit)),
    fiat_hold_local: false,
  };
}

/** A settlement-asset amount in a local currency (checkout quotes), rounded up for the payer. */
export function localAmountFor(
  amount: Money<Asset>,
  currency: MoneyUnit,
  rates: RateTableView,
): Money {
  const usd_per_unit = PARITY.includes(amount.asset) ? '1' : usdPerUnit(rates, amount.asset);
  const per_usd = perUsd(rates, currency);
  const exact = scaleDown(amount, currency, multiplyDecimals(usd_per_unit, per_usd), '1');
  const back = scaleDown(exact, amount.asset, '1', multiplyDecimals(usd_per_unit, per_usd));
  // Round up one step when the rounded-down local amount would not cover the charge.
  return back.lt(amount) ? exact.add(Money.fromMinor(currency, 1n)) : exact;
}

/** A checkout charge priced in a crypto asset, rounded up so the link is covered. */
export function cryptoDueFor(charged: Money<Asset>, asset: Asset, rates: RateTableView): string {
  return localAmountFor(charged, asset as MoneyUnit, {
    ...rates,
    currencies: [
      ...rates.currencies,
      {
        currency: asset,
        per_usd: perUsdOfAsset(rates, asset),
      },
    ],
  }).toString();
}

/** Units of a convertible asset that one USD buys, from its USD price. */
function perUsdOfAsset(rates: RateTableView, asset: Asset): string {
  if (asset === 'USDT' || asset === 'USDC') return '1';
  const price = rates.assets.find((entry) => entry.asset === asset)?.usd_per_unit ?? '1';
  // 1 / price to 12 places, enough for the dues shown on the page (BTC has 8 decimals).
  const scale = 10n ** 12n;
  const [whole = '0', fraction = ''] = price.split('.');
  const units = BigInt(`${whole}${fraction}`);
  const inverse = (scale * 10n ** BigInt(fraction.length)) / units;
  const text = inverse.toString().padStart(13, '0');
  return `${text.slice(0, -12)}.${text.slice(-12)}`;
}

/** The rate of a local currency against the charged asset, for the event's `fx_rate`. */
export function rateOf(local: Money, charged: Money<Asset>, rates: RateTableView): string {
  if (local.asset === charged.asset) return '1';
  const usd_per_unit = PARITY.includes(charged.asset) ? '1' : usdPerUnit(rates, charged.asset);
  return trimZeros(multiplyDecimals(perUsd(rates, local.asset), usd_per_unit));
}

function credit_assetOfLocal(unit: MoneyUnit): Asset {
  if (unit === 'BOB' || unit === 'MXN' || unit === 'ARS') return unit;
  throw new Error(`${unit} has no local fiat ledger`);
}

function perUsd(rates: RateTableView, currency: string): string {
  if (currency === 'USD') return '1';
  const rate = rates.currencies.find((entry) => entry.currency === currency)?.per_usd;
  if (!rate) throw new Error(`the rate table has no rate for ${currency}`);
  return rate;
}

function usdPerUnit(rates: RateTableView, asset: string): string {
  const price = rates.assets.find((entry) => entry.asset === asset)?.usd_per_unit;
  if (!price) throw new Error(`the rate table has no USD price for ${asset}`);
  return price;
}

/** A decimal string as an integer and a power of ten: `12.5` is 125 / 10^1. */
function scaled(text: string): { units: bigint; exponent: number } {
  const [whole = '', fraction = ''] = text.split('.');
  return { units: BigInt(`${whole}${fraction}`), exponent: fraction.length };
}

/** The exact product of two plain decimal strings. */
export function multiplyDecimals(a: string, b: string): string {
  const left = scaled(a);
  const right = scaled(b);
  const exponent = left.exponent + right.exponent;
  const digits = (left.units * right.units).toString().padStart(exponent + 1, '0');
  return exponent === 0
    ? digits
    : `${digits.slice(0, digits.length - exponent)}.${digits.slice(digits.length - exponent)}`;
}

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** `amount` times `multiplier / divisor`, in `to`, rounded toward zero. */
function scaleDown<T extends MoneyUnit>(
  amount: Money,
  to: T,
  multiplier: string,
  divisor: string,
): Money<T> {
  const times = scaled(multiplier);
  const over = scaled(divisor);
  const target = Money.zero(to);
  const numerator = amount.toMinor() * times.units * 10n ** BigInt(target.decimals + over.exponent);
  const denominator = over.units * 10n ** BigInt(amount.decimals + times.exponent);
  return Money.fromMinor(to, numerator / denominator);
}
