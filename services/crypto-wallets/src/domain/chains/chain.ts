import type { AssetCode, Environment } from '@platform/contracts';

/**
 * The chains and assets of decisions D9. Every address, fee and confirmation rule is keyed by
 * these literals, so a chain added here fails to compile wherever it has no rule yet.
 */
export const CHAINS = ['tron', 'eth', 'btc'] as const;
export type Chain = (typeof CHAINS)[number];

/** The ledger assets each chain carries: tokens on tron and eth, the native coin on btc. */
export const CHAIN_ASSETS = {
  tron: ['USDT'],
  eth: ['USDT', 'USDC'],
  btc: ['BTC'],
} as const satisfies Record<Chain, readonly AssetCode[]>;
export type ChainAsset = (typeof CHAIN_ASSETS)[Chain][number];

/** The coin that pays a chain's network fees (gas); it is not a ledger asset on tron and eth. */
export const NATIVE_COINS = { tron: 'TRX', eth: 'ETH', btc: 'BTC' } as const satisfies Record<
  Chain,
  string
>;

/** Test addresses are testnet addresses (Bitcoin `tb1...`); live ones are mainnet addresses. */
export type Network = 'mainnet' | 'testnet';

export function networkOf(environment: Environment): Network {
  return environment === 'live' ? 'mainnet' : 'testnet';
}

export function isChain(value: unknown): value is Chain {
  return typeof value === 'string' && (CHAINS as readonly string[]).includes(value);
}

/** True when `asset` travels on `chain` (USDT on tron and eth, USDC on eth, BTC on btc). */
export function carries(chain: Chain, asset: unknown): asset is ChainAsset {
  return (CHAIN_ASSETS[chain] as readonly unknown[]).includes(asset);
}
