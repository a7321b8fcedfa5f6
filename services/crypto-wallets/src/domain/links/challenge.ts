import { DomainError } from '@platform/contracts';

/**
 * The wallet-link challenge (decisions D9): a message naming the account, the address, a
 * nonce and the expiry, which the account signs with the wallet it links. A challenge links
 * once, before it expires.
 */
export type LinkChain = 'tron' | 'eth';

export interface ChallengeTerms {
  account_id: string;
  chain: LinkChain;
  address: string;
  nonce: string;
  expires_at: Date;
}

export interface StoredChallenge {
  expires_at: Date;
  used_at: Date | null;
}

export type ChallengeStatus = 'open' | 'used' | 'expired';

/** Tron and eth sign messages; btc (and anything else) is not linkable. */
export function linkChainOf(chain: string): LinkChain {
  if (chain === 'tron' || chain === 'eth') return chain;
  throw new DomainError('unsupported_chain', 'wallet links are on tron or eth');
}

export function challengeMessage(terms: ChallengeTerms): string {
  return [
    'Link this wallet to my account',
    `Account: ${terms.account_id}`,
    `Chain: ${terms.chain}`,
    `Address: ${terms.address}`,
    `Nonce: ${terms.nonce}`,
    `Expires: ${terms.expires_at.toISOString()}`,
  ].join('\n');
}

/** When a challenge asked at `now` stops linking (`ttl_ms`: the setting, 10 minutes by default). */
export function challengeExpiry(now: Date, ttl_ms: number): Date {
  if (!Number.isSafeInteger(ttl_ms) || ttl_ms <= 0) throw new RangeError(`bad ttl ${ttl_ms}`);
  return new Date(now.getTime() + ttl_ms);
}

export function challengeStatus(challenge: StoredChallenge, now: Date): ChallengeStatus {
  if (challenge.used_at !== null) return 'used';
  return now.getTime() < challenge.expires_at.getTime() ? 'open' : 'expired';
}

/** A challenge that can no longer link: 409 `challenge_not_pending`, whichever the reason. */
export function assertChallengeOpen(challenge: StoredChallenge, now: Date): void {
  const status = challengeStatus(challenge, now);
  switch (status) {
    case 'open':
      return;
    case 'used':
      throw new DomainError('challenge_not_pending', 'this challenge has already linked a wallet');
    case 'expired':
      throw new DomainError('challenge_not_pending', 'this challenge has expired: ask a new one');
    default: {
      const unhandled: never = status;
      throw new Error(`unknown challenge status ${String(unhandled)}`);
    }
  }
}
