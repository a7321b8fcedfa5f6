import {
  DomainError,
  MAX_PURPOSE_LENGTH,
  MAX_STATEMENT_LENGTH,
  SIGNATURE_PROOF_STATUSES,
  type SignatureProofStatus,
} from '@platform/contracts';

/**
 * Signature proofs (decisions D9): what a statement and a purpose may be, the public code, the
 * status filter and revocation. Lengths count characters as people do (code points), so an
 * emoji is one character of the 280.
 */
const PROOF_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const PROOF_CODE_LENGTH = 12;

export function statementOf(text: string): string {
  const length = [...text].length;
  if (text.trim() === '' || length > MAX_STATEMENT_LENGTH)
    throw new DomainError(
      'invalid_statement',
      `statement must be 1 to ${MAX_STATEMENT_LENGTH} characters, not only spaces`,
    );
  return text;
}

export function purposeOf(text: string): string {
  const purpose = text.trim();
  if (purpose === '' || [...purpose].length > MAX_PURPOSE_LENGTH)
    throw new DomainError(
      'invalid_purpose',
      `purpose must be 1 to ${MAX_PURPOSE_LENGTH} characters`,
    );
  return purpose;
}

/** The `status` filter of a listing: absent, or one of the statuses (`invalid_status`). */
export function statusFilterOf(text: string | undefined): SignatureProofStatus | undefined {
  if (text === undefined || text === '') return undefined;
  const status = SIGNATURE_PROOF_STATUSES.find((known) => known === text);
  if (!status)
    throw new DomainError(
      'invalid_status',
      `status must be one of ${SIGNATURE_PROOF_STATUSES.join(', ')}`,
    );
  return status;
}

/** A public code from random bytes: no 0/O, 1/I/L, so that it reads aloud and types back. */
export function proofCodeOf(random_bytes: Uint8Array): string {
  if (random_bytes.length < PROOF_CODE_LENGTH) throw new RangeError('not enough random bytes');
  let code = '';
  for (let index = 0; index < PROOF_CODE_LENGTH; index += 1)
    code += PROOF_CODE_ALPHABET[(random_bytes[index] as number) % PROOF_CODE_ALPHABET.length];
  return code;
}

export function isProofCode(text: string): boolean {
  return new RegExp(`^[${PROOF_CODE_ALPHABET}]{${PROOF_CODE_LENGTH}}$`).test(text);
}

export type RevokeDecision = { kind: 'revoke' } | { kind: 'unchanged' };

/** Revoking a signed proof revokes it; revoking a revoked one changes nothing. */
export function decideRevoke(status: SignatureProofStatus): RevokeDecision {
  switch (status) {
    case 'signed':
      return { kind: 'revoke' };
    case 'revoked':
      return { kind: 'unchanged' };
    default: {
      const unhandled: never = status;
      throw new Error(`unknown proof status ${String(unhandled)}`);
    }
  }
}
