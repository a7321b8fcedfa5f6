import { createHash } from 'node:crypto';
import type { Chain } from '../../domain/chains/chain';

const TX_ID_PATTERNS = {
  tron: /^[0-9a-f]{64}$/,
  eth: /^0x[0-9a-f]{64}$/,
  btc: /^[0-9a-f]{64}$/,
} as const satisfies Record<Chain, RegExp>;

/**
 * The sandbox's transaction id of a transfer, in the chain's own format (eth `0x` + 64 hex,
 * tron and btc 64 hex), derived from `seed` (a broadcast's reference or the transfer's
 * sequence) so that a replayed broadcast answers the same id.
 */
export function sandboxTxId(chain: Chain, seed: string): string {
  const hex = createHash('sha256').update(`sandbox:${chain}:${seed}`).digest('hex');
  return chain === 'eth' ? `0x${hex}` : hex;
}

/** The canonical (lower-case) form of a transaction id of `chain`, or null when it is not one. */
export function parseTxId(chain: Chain, text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const lower = text.trim().toLowerCase();
  return TX_ID_PATTERNS[chain].test(lower) ? lower : null;
}
