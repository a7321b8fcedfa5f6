import { createHash } from 'node:crypto';
import { DomainError } from '@platform/contracts';
import { canonicalJson } from '@platform/event-store';

/** The digest of a create's payload: one key with another payload is `idempotency_conflict`. */
export function requestHashOf(payload: unknown): string {
  return createHash('sha256').update(canonicalJson(payload)).digest('hex');
}

/** The stored operation of a key, when its payload is the same one; else the conflict. */
export function replayOf<T>(stored: T, stored_hash: string | null, request_hash: string): T {
  if (stored_hash !== request_hash)
    throw new DomainError(
      'idempotency_conflict',
      'this idempotency_key was used with another request body',
    );
  return stored;
}
