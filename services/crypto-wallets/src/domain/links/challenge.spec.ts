import { DomainError } from '@platform/contracts';
import {
  assertChallengeOpen,
  challengeExpiry,
  challengeMessage,
  challengeStatus,
  linkChainOf,
} from './challenge';

const NOW = new Date('2026-01-02T03:04:05.000Z');
const TEN_MINUTES_MS = 600_000;

function codeOf(work: () => unknown): string | null {
  try {
    work();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
}

describe('challenge message', () => {
  const terms = {
    account_id: 'acc-1',
    chain: 'eth' as const,
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    nonce: 'n0nce',
    expires_at: challengeExpiry(NOW, TEN_MINUTES_MS),
  };

  it('names the account, the address, the nonce and the expiry', () => {
    const message = challengeMessage(terms);
    expect(message).toContain('Account: acc-1');
    expect(message).toContain('Address: 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(message).toContain('Nonce: n0nce');
    expect(message).toContain('Expires: 2026-01-02T03:14:05.000Z');
  });

  it('differs for another nonce, so no signature serves two challenges', () => {
    expect(challengeMessage({ ...terms, nonce: 'other' })).not.toBe(challengeMessage(terms));
  });
});

describe('challenge status', () => {
  const expires_at = challengeExpiry(NOW, TEN_MINUTES_MS);

  it('is open until the expiry, then expired', () => {
    expect(challengeStatus({ expires_at, used_at: null }, NOW)).toBe('open');
    expect(challengeStatus({ expires_at, used_at: null }, new Date(expires_at.getTime() - 1))).toBe(
      'open',
    );
    expect(challengeStatus({ expires_at, used_at: null }, expires_at)).toBe('expired');
  });

  it('is used once it has linked, even before the expiry', () => {
    expect(challengeStatus({ expires_at, used_at: NOW }, NOW)).toBe('used');
  });

  it('refuses a used or expired challenge with challenge_not_pending', () => {
    expect(codeOf(() => assertChallengeOpen({ expires_at, used_at: NOW }, NOW))).toBe(
      'challenge_not_pending',
    );
    expect(codeOf(() => assertChallengeOpen({ expires_at, used_at: null }, expires_at))).toBe(
      'challenge_not_pending',
    );
    expect(codeOf(() => assertChallengeOpen({ expires_at, used_at: null }, NOW))).toBeNull();
  });
});

describe('linkable chains', () => {
  it('accepts tron and eth', () => {
    expect(linkChainOf('tron')).toBe('tron');
    expect(linkChainOf('eth')).toBe('eth');
  });

  it.each(['btc', 'sol', ''])('refuses %p with unsupported_chain', (chain) => {
    expect(codeOf(() => linkChainOf(chain))).toBe('unsupported_chain');
  });
});

describe('challenge expiry', () => {
  it('is the setting after the request', () => {
    expect(challengeExpiry(NOW, 5_000).toISOString()).toBe('2026-01-02T03:04:10.000Z');
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a lifetime of %p ms', (ttl_ms) => {
    expect(() => challengeExpiry(NOW, ttl_ms)).toThrow(RangeError);
  });
});
