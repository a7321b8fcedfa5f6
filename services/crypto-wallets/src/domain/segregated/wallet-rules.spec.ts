import { DomainError, MAX_SEGREGATED_WALLETS } from '@platform/contracts';
import {
  assertBelowWalletLimit,
  segregatedChainOf,
  walletAssetOf,
  walletLabelOf,
} from './wallet-rules';

function codeOf(work: () => unknown): string | null {
  try {
    work();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
}

describe('segregated wallet rules', () => {
  it('admits the tenth wallet and refuses the eleventh with wallet_limit_reached', () => {
    expect(MAX_SEGREGATED_WALLETS).toBe(10);
    expect(codeOf(() => assertBelowWalletLimit(0))).toBeNull();
    expect(codeOf(() => assertBelowWalletLimit(9))).toBeNull();
    expect(codeOf(() => assertBelowWalletLimit(10))).toBe('wallet_limit_reached');
    expect(codeOf(() => assertBelowWalletLimit(11))).toBe('wallet_limit_reached');
  });

  it('is on tron or eth; btc and others are unsupported_chain', () => {
    expect(segregatedChainOf('tron')).toBe('tron');
    expect(segregatedChainOf('eth')).toBe('eth');
    expect(codeOf(() => segregatedChainOf('btc'))).toBe('unsupported_chain');
    expect(codeOf(() => segregatedChainOf('ETH'))).toBe('unsupported_chain');
  });

  it('carries an asset of its chain only', () => {
    expect(walletAssetOf('tron', 'USDT')).toBe('USDT');
    expect(walletAssetOf('eth', 'USDC')).toBe('USDC');
    expect(codeOf(() => walletAssetOf('tron', 'USDC'))).toBe('invalid_asset');
    expect(codeOf(() => walletAssetOf('eth', 'BTC'))).toBe('invalid_asset');
    expect(codeOf(() => walletAssetOf('eth', 'usdt'))).toBe('invalid_asset');
  });

  it('stores a trimmed label, and null for an empty one', () => {
    expect(walletLabelOf('  Treasury ')).toBe('Treasury');
    expect(walletLabelOf('   ')).toBeNull();
    expect(walletLabelOf(undefined)).toBeNull();
  });
});
