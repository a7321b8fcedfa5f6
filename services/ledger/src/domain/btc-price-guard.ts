import { DomainError } from '@platform/contracts';
import { Ratio } from '@platform/money';
import type { SwapQuote } from './swap-pricing';

/**
 * The BTC price guard (spec §8): a swap that gives or receives BTC worth `threshold_usd` or more
 * must have its BTC price confirmed by a second source, within `tolerance_percent` of the table's
 * price, or it is refused with `guard_diverged` (retryable with the same idempotency key).
 */
export interface BtcPriceGuardSettings {
  threshold_usd: string;
  tolerance_percent: string;
}

/**
 * What the second source says: a USD price; null when none is configured (the table is its own
 * second source, so the deterministic sandbox never diverges); 'unavailable' when it cannot be read.
 */
export type SecondBtcPrice = string | null | 'unavailable';

/** Whether the swap is one the guard watches: BTC on either side, worth the threshold or more. */
export function btcPriceGuardApplies(quote: SwapQuote, threshold_usd: string): boolean {
  const btc_side = quote.from_amount.asset === 'BTC' || quote.to_amount.asset === 'BTC';
  return btc_side && quote.usd_value.toRatio().compare(threshold_usd) >= 0;
}

/**
 * Refuses a watched swap whose BTC price the second source does not confirm. The second price
 * is asked for only when the guard applies: reading it is the caller's (infrastructure) work.
 */
export function requireBtcPriceConfirmed(
  quote: SwapQuote,
  settings: BtcPriceGuardSettings,
  secondPrice: () => SecondBtcPrice,
): void {
  if (!btcPriceGuardApplies(quote, settings.threshold_usd)) return;
  const second = secondPrice();
  if (second === 'unavailable') {
    throw new DomainError(
      'guard_diverged',
      'the BTC price could not be confirmed; retry with the same idempotency_key',
    );
  }
  const table_price =
    quote.from_amount.asset === 'BTC' ? quote.from_usd_per_unit : quote.to_usd_per_unit;
  checkPriceGuard({
    table_price,
    second_price: second ?? table_price,
    tolerance_percent: settings.tolerance_percent,
  });
}

/** The two BTC prices may differ by at most `tolerance_percent` of the table's price. */
export function checkPriceGuard(guard: {
  table_price: string;
  second_price: string;
  tolerance_percent: string;
}): void {
  const table = Ratio.parse(guard.table_price, 'table_price');
  const gap = table.minus(Ratio.parse(guard.second_price, 'second_price')).abs();
  // gap / table > tolerance / 100, multiplied out so that a zero table price needs no division.
  const tolerance = Ratio.parse(guard.tolerance_percent, 'tolerance_percent');
  if (gap.times('100').compare(table.times(tolerance)) > 0) {
    throw new DomainError(
      'guard_diverged',
      'the BTC price sources diverge beyond the tolerance; retry with the same idempotency_key',
    );
  }
}
