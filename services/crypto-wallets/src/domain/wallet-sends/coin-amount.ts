import Big from 'big.js';
import { DomainError } from '@platform/contracts';
import { NATIVE_COINS, type Chain } from '../chains/chain';

/**
 * Amounts of a chain's native coin (TRX, ETH, BTC), which pays the network fees of a
 * segregated wallet's sends. They are not ledger assets (only BTC is), so they are decimal
 * text checked against the coin's own precision, and compared with big.js, never as numbers.
 */
export const NATIVE_COIN_DECIMALS = { tron: 6, eth: 18, btc: 8 } as const satisfies Record<
  Chain,
  number
>;

const DECIMAL = /^(0|[1-9]\d{0,14})(\.\d+)?$/;

/** Decimal text of `chain`'s native coin, or `invalid_amount` (more than 15 integer digits too). */
export function parseCoinAmount(chain: Chain, text: unknown, field = 'amount'): string {
  const decimals = NATIVE_COIN_DECIMALS[chain];
  if (typeof text !== 'string' || !DECIMAL.test(text))
    throw new DomainError(
      'invalid_amount',
      `${field} must be a decimal text of ${NATIVE_COINS[chain]}`,
    );
  const fraction = text.split('.')[1] ?? '';
  if (fraction.length > decimals)
    throw new DomainError(
      'invalid_amount',
      `${field} has more than ${decimals} decimals, the precision of ${NATIVE_COINS[chain]}`,
    );
  return new Big(text).toFixed(decimals);
}

/** True when `balance` covers `needed` (both decimal text). */
export function covers(balance: string, needed: string): boolean {
  return new Big(balance).gte(new Big(needed));
}
