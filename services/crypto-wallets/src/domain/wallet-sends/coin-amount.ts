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

/** Decimals of the smallest unit of what a segregated wallet holds (tokens and native coins). */
const UNIT_DECIMALS: Record<string, number> = { USDT: 6, USDC: 6, TRX: 6, ETH: 18, BTC: 8 };

/**
 * `amount_raw` of the wallet events: the amount as an integer of the asset's smallest unit
 * (USDT 1.5 is `1500000`), decimal text, as chains and explorers count it.
 */
export function rawAmount(asset: string, amount: string): string {
  const decimals = UNIT_DECIMALS[asset];
  if (decimals === undefined) throw new Error(`no unit of ${asset}`);
  const raw = new Big(amount).times(new Big(10).pow(decimals));
  if (!raw.eq(raw.round(0, Big.roundDown)))
    throw new Error(`${amount} ${asset} is finer than its smallest unit`);
  return raw.toFixed(0);
}
