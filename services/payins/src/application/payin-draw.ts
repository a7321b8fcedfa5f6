import { randomFillSync, randomUUID } from 'node:crypto';
import type { PayinDraw } from '../domain/payin-factory';

/** Letters and digits that cannot be misread for each other (no 0/O, 1/I). */
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const REFERENCE_LENGTH = 10;
const TOKEN_BYTES = 24;
const DRAW_BYTES = REFERENCE_LENGTH + TOKEN_BYTES;
/** Random bytes for this many payins are drawn from the system at once. */
const DRAWS_PER_REFILL = 128;

/**
 * Random bytes drawn from the system in blocks, as Node does for randomUUID: with two randomBytes
 * calls, a draw cost 11-12 µs, against 0.6-0.8 µs from a block. Each byte is handed out once; a
 * refill takes a new buffer, so bytes already handed out are never overwritten.
 */
class RandomBlock {
  private block = Buffer.alloc(0);
  private offset = 0;

  take(length: number): Buffer {
    if (this.offset + length > this.block.length) {
      this.block = randomFillSync(Buffer.allocUnsafe(DRAW_BYTES * DRAWS_PER_REFILL));
      this.offset = 0;
    }
    const bytes = this.block.subarray(this.offset, this.offset + length);
    this.offset += length;
    return bytes;
  }
}

const random = new RandomBlock();

/** Fresh random identifiers for a new payin: the domain builds it from them (`newPayin`). */
export function drawPayin(now: Date = new Date()): PayinDraw {
  const bytes = random.take(DRAW_BYTES);
  let reference_code = '';
  // 256 is a multiple of the alphabet's 32 letters: every letter is equally likely.
  for (let index = 0; index < REFERENCE_LENGTH; index += 1)
    reference_code += REFERENCE_ALPHABET[(bytes[index] as number) % REFERENCE_ALPHABET.length];
  return {
    payin_id: randomUUID(),
    reference_code,
    token: bytes.subarray(REFERENCE_LENGTH).toString('base64url'),
    now,
  };
}
