import { DomainError, IDEMPOTENCY_KEY_MAX_LENGTH } from '@platform/contracts';

/** Keys the platform uses for its own conversions (spec §7). */
const RESERVED_PREFIXES = ['payin-convert:', 'checkout-swap:'];

/** Spec §8: up to 256 characters, no CR/LF; empty means none. */
export function requireIdempotencyKey(key: string | undefined): string | undefined {
  if (key === undefined || key === '') return undefined;
  if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH || /[\r\n]/.test(key)) {
    throw new DomainError(
      'invalid_idempotency_key',
      `idempotency_key must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters without line breaks`,
    );
  }
  if (RESERVED_PREFIXES.some((prefix) => key.startsWith(prefix))) {
    throw new DomainError('reserved_idempotency_key', 'this idempotency_key prefix is reserved');
  }
  return key;
}
