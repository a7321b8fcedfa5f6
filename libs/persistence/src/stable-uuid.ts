import { createHash } from 'node:crypto';

/**
 * A UUID that is always the same for the same `parts` (RFC 9562 version 8, from their SHA-256):
 * the key of a row that must be made once however often its maker runs, and whose id is used as
 * an idempotency key elsewhere before the row is committed.
 */
export function stableUuid(...parts: readonly string[]): string {
  const bytes = createHash('sha256').update(JSON.stringify(parts)).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
