import { randomBytes, randomUUID } from 'node:crypto';
import type { PayinDraw } from '../domain/payin-factory';

/** Letters and digits that cannot be misread for each other (no 0/O, 1/I). */
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const REFERENCE_LENGTH = 10;

/** Fresh random identifiers for a new payin: the domain builds it from them (`newPayin`). */
export function drawPayin(now: Date = new Date()): PayinDraw {
  const reference_code = [...randomBytes(REFERENCE_LENGTH)]
    .map((byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length])
    .join('');
  return {
    payin_id: randomUUID(),
    reference_code,
    token: randomBytes(24).toString('base64url'),
    now,
  };
}
