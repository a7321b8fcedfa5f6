import { DomainError } from '@platform/contracts';
import { ASSETS, Money, Ratio, type Asset, type Currency } from '@platform/money';

/**
 * The configured rate table: the USD price of one unit of each convertible asset, and how many
 * units of each local currency one USD buys (for payouts). Prices are decimal strings.
 */
export interface RateTable {
  usd_per_unit: Readonly<Partial<Record<Asset, string>>>;
  per_usd: Readonly<Partial<Record<Currency, string>>>;
}

/** Ceilings, in USD, on swaps that give or receive a volatile asset (BTC and the metals). */
export interface SwapLimits {
  per_operation_usd: Money<'USD'>;
  daily_usd: Money<'USD'>;
}

export interface SwapQuote {
  from_amount: Money<Asset>;
  to_amount: Money<Asset>;
  from_usd_per_unit: string;
  to_usd_per_unit: string;
  /** The given amount in USD, rounded down to cents. */
  usd_value: Money<'USD'>;
}

/** USD and USDT trade 1:1 whatever the table says (spec §1 rule 5). */
const PARITY_PAIR: readonly Asset[] = ['USD', 'USDT'];

export function isVolatileSwap(from: Asset, to: Asset): boolean {
  return ASSETS[from].volatile || ASSETS[to].volatile;
}

/** Only two different convertible assets swap; BOB, MXN and ARS never do (spec §1 rule 2). */
export function requireSwapPair(from: Asset, to: Asset): void {
  if (from === to) throw new DomainError('invalid_pair', `cannot swap ${from} into itself`);
  for (const asset of [from, to]) {
    if (!ASSETS[asset].convertible) {
      throw new DomainError(
        'invalid_pair',
        `${asset} is a local fiat ledger and cannot be swapped`,
      );
    }
  }
}

/**
 * Prices `amount` of its asset in `to`: the exact value, rounded down so the client never
 * receives more than the table gives. The cross rate (from price / to price) rarely has a finite
 * decimal form (1/65000), and a rounded rate would turn 65000 USD into 0.99999999 BTC; so the
 * rate stays an exact `Ratio` and the one rounding is the final one.
 */
export function quoteSwap(amount: Money<Asset>, to: Asset, rates: RateTable): SwapQuote {
  const from = amount.asset;
  requireSwapPair(from, to);
  const parity = PARITY_PAIR.includes(from) && PARITY_PAIR.includes(to);
  const from_usd_per_unit = parity ? '1' : priceOf(rates, from);
  const to_usd_per_unit = parity ? '1' : priceOf(rates, to);
  const to_amount = amount.convert(to, Ratio.parse(from_usd_per_unit).per(to_usd_per_unit), 'down');
  if (to_amount.isZero()) {
    throw new DomainError(
      'amount_too_small',
      `${amount.toString()} ${from} is worth less than the smallest unit of ${to}`,
    );
  }
  return {
    from_amount: amount,
    to_amount,
    from_usd_per_unit,
    to_usd_per_unit,
    usd_value: amount.convert('USD', from_usd_per_unit, 'down'),
  };
}

function priceOf(rates: RateTable, asset: Asset): string {
  const price = rates.usd_per_unit[asset];
  if (price === undefined) throw new Error(`the rate table has no USD price for ${asset}`);
  return price;
}
