import { DomainError } from '@platform/contracts';
import {
  decideRevoke,
  isProofCode,
  proofCodeOf,
  purposeOf,
  statementOf,
  statusFilterOf,
  PROOF_CODE_LENGTH,
} from './proof-rules';

function codeOf(work: () => unknown): string | null {
  try {
    work();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
}

describe('statement', () => {
  it('accepts 1 to 280 characters, counting an emoji as one', () => {
    expect(statementOf('x')).toBe('x');
    expect(statementOf('a'.repeat(280))).toHaveLength(280);
    const emoji = '🥵'.repeat(280);
    expect(statementOf(emoji)).toBe(emoji);
  });

  it('refuses an empty, blank or 281-character statement with invalid_statement', () => {
    expect(codeOf(() => statementOf(''))).toBe('invalid_statement');
    expect(codeOf(() => statementOf('   \n'))).toBe('invalid_statement');
    expect(codeOf(() => statementOf('a'.repeat(281)))).toBe('invalid_statement');
  });

  it('keeps the statement exactly as written: it is the signed message', () => {
    expect(statementOf('  We hold 1,000 USDT.  ')).toBe('  We hold 1,000 USDT.  ');
  });
});

describe('purpose', () => {
  it('is trimmed, 1 to 100 characters', () => {
    expect(purposeOf(' proof_of_reserves ')).toBe('proof_of_reserves');
    expect(codeOf(() => purposeOf('  '))).toBe('invalid_purpose');
    expect(codeOf(() => purposeOf('p'.repeat(101)))).toBe('invalid_purpose');
  });
});

describe('status filter', () => {
  it('is absent, signed or revoked', () => {
    expect(statusFilterOf(undefined)).toBeUndefined();
    expect(statusFilterOf('')).toBeUndefined();
    expect(statusFilterOf('revoked')).toBe('revoked');
    expect(codeOf(() => statusFilterOf('pending'))).toBe('invalid_status');
  });
});

describe('proof code', () => {
  it('is twelve unambiguous characters from random bytes', () => {
    const code = proofCodeOf(Uint8Array.from({ length: 16 }, (_, index) => index * 17));
    expect(code).toHaveLength(PROOF_CODE_LENGTH);
    expect(code).not.toMatch(/[01OIL]/);
    expect(isProofCode(code)).toBe(true);
  });

  it('differs for other bytes, and refuses too few', () => {
    expect(proofCodeOf(new Uint8Array(12))).not.toBe(proofCodeOf(new Uint8Array(12).fill(1)));
    expect(() => proofCodeOf(new Uint8Array(4))).toThrow(RangeError);
  });

  it.each(['', 'abc', 'OOOOOOOOOOOO', '23456789ABCD!'])('rejects %p as a code', (text) => {
    expect(isProofCode(text)).toBe(false);
  });
});

describe('revocation', () => {
  it('revokes a signed proof once; a revoked one stays as it is', () => {
    expect(decideRevoke('signed')).toEqual({ kind: 'revoke' });
    expect(decideRevoke('revoked')).toEqual({ kind: 'unchanged' });
  });
});
