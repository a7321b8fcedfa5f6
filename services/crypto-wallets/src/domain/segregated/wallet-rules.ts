import { DomainError, MAX_SEGREGATED_WALLETS } from '@platform/contracts';
import { carries, type ChainAsset } from '../chains/chain';
import type { MessageChain } from '../chains/message-signatures';

/**
 * What a segregated wallet may be (decisions D9): on tron or eth (btc signs no messages and is
 * refused), carrying an asset of its chain, at most ten an account, with an optional label.
 */
export const IMPORTED_WALLET_DEFAULT_ASSET = 'USDT';

export function segregatedChainOf(chain: string): MessageChain {
  if (chain === 'tron' || chain === 'eth') return chain;
  throw new DomainError('unsupported_chain', 'segregated wallets are on tron or eth');
}

export function walletAssetOf(chain: MessageChain, asset: string): ChainAsset {
  if (carries(chain, asset)) return asset;
  throw new DomainError(
    'invalid_asset',
    chain === 'tron' ? 'tron wallets carry USDT' : 'eth wallets carry USDT or USDC',
  );
}

/** One more wallet would pass the account's limit: 422 `wallet_limit_reached`. */
export function assertBelowWalletLimit(existing_wallets: number): void {
  if (existing_wallets >= MAX_SEGREGATED_WALLETS)
    throw new DomainError(
      'wallet_limit_reached',
      `an account holds at most ${MAX_SEGREGATED_WALLETS} segregated wallets`,
    );
}

/** The label as stored: trimmed, and null when empty or absent. */
export function walletLabelOf(label: string | undefined): string | null {
  const trimmed = label?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
