import { NATIVE_COINS, type Chain } from './chain';

/**
 * The network fee one transfer pays on each chain, in the chain's native coin (`NATIVE_COINS`):
 * TRX energy for a TRC-20 transfer, ETH gas for an ERC-20 transfer, BTC for a one-input segwit
 * transaction. Fixed figures: the sandbox charges them, and they are the estimate shown before a
 * live transfer, whose real fee the operator reports.
 */
export const NETWORK_FEES = {
  tron: '13.5',
  eth: '0.00042',
  btc: '0.00002',
} as const satisfies Record<Chain, string>;

export interface NetworkFee {
  /** Decimal text in `coin`. */
  amount: string;
  coin: (typeof NATIVE_COINS)[Chain];
}

export function networkFee(chain: Chain): NetworkFee {
  return { amount: NETWORK_FEES[chain], coin: NATIVE_COINS[chain] };
}
