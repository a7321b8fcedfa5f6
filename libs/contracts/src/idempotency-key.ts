import { DomainError } from './errors';

/** Spec §8: up to 256 characters, no CR/LF. */
const MAX_LENGTH = 256;
/**
 * Spec §7 `reserved_idempotency_key`: prefixes the platform uses for its own operations (spec
 * §7 names the first two; `auto-forward:` keys the segregated wallets' forwards of deposits,
 * `risk-batch:` and `own-report:` the credit reports of batch items and own reports,
 * `subscription:` the card payin of each period a subscription charges, `demo-history:` the
 * demo payins and payouts of a new test account).
 */
const RESERVED_PREFIXES = [
  'payin-convert:',
  'checkout-swap:',
  'auto-forward:',
  'risk-batch:',
  'own-report:',
  'subscription:',
  'demo-history:',
] as const;

const isReserved = (key: string): boolean =>
  RESERVED_PREFIXES.some((prefix) => key.startsWith(prefix));

function wellFormed(value: unknown): string {
  if (typeof value !== 'string' || value.length > MAX_LENGTH || /[\r\n]/.test(value))
    throw new DomainError(
      'invalid_idempotency_key',
      `idempotency_key must be a string of at most ${MAX_LENGTH} characters without line breaks`,
    );
  return value;
}

function checked(value: unknown): string {
  const key = wellFormed(value);
  if (isReserved(key))
    throw new DomainError('reserved_idempotency_key', 'this idempotency_key prefix is reserved');
  return key;
}

const absent = (value: unknown): boolean => value === undefined || value === null || value === '';

/**
 * The rules of a client's idempotency key (D7, spec §7-8), in one place for every service that
 * takes one. Which of the body's key and the `Idempotency-Key` header counts is the gateway's
 * one helper (`idempotencyKeyOf`): services get one key.
 */
export const IdempotencyKey = {
  MAX_LENGTH,
  RESERVED_PREFIXES,
  /** The key, or null when none was sent (absent or empty). */
  parse(value: unknown): string | null {
    return absent(value) ? null : checked(value);
  },
  /** The key of an operation that needs one: `idempotency_key_required` when none was sent. */
  require(value: unknown): string {
    if (absent(value))
      throw new DomainError('idempotency_key_required', 'idempotency_key is required');
    return checked(value);
  },
  /** True for a key the platform made (never a client's): keep it out of what clients read. */
  isPlatform: isReserved,
  /** A key the platform made for its own operation: a reserved prefix is allowed. */
  platform(value: unknown): string {
    if (absent(value))
      throw new DomainError('idempotency_key_required', 'idempotency_key is required');
    return wellFormed(value);
  },
} as const;
