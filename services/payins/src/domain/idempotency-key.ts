import { DomainError } from '@platform/contracts';

/** Spec §8: keys up to 256 characters without CR/LF. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 256;
/** Spec §7: keys the platform uses for its own operations. */
export const RESERVED_KEY_PREFIXES = ['payin-convert:', 'checkout-swap:'] as const;

/** The client's key (body or header, already chosen), or null when none was sent. */
export function readIdempotencyKey(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (
    typeof value !== 'string' ||
    value.length > MAX_IDEMPOTENCY_KEY_LENGTH ||
    /[\r\n]/.test(value)
  ) {
    throw new DomainError(
      'invalid_idempotency_key',
      `idempotency_key must be a string of at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters without line breaks`,
    );
  }
  if (RESERVED_KEY_PREFIXES.some((prefix) => value.startsWith(prefix)))
    throw new DomainError('reserved_idempotency_key', 'this idempotency_key prefix is reserved');
  return value;
}

/** What a replay must match (spec §4): country, currency, method and the numeric amount. */
export interface PayinFingerprint {
  method: string;
  country: string | null;
  currency: string;
  /** Normalized by its unit's precision, so `50.0` and `50.00` are one amount. */
  amount: string;
}

export function sameFingerprint(a: PayinFingerprint, b: PayinFingerprint): boolean {
  return (
    a.method === b.method &&
    a.country === b.country &&
    a.currency === b.currency &&
    a.amount === b.amount
  );
}
