import { createHmac, timingSafeEqual } from 'node:crypto';

/** The signature headers of spec section 6, over the raw bytes of the body. */
export interface WebhookSignatures {
  v1: string;
  v2: string;
}

export interface SignatureInput {
  secret: string;
  /** Unix seconds, UTC, as sent in X-Webhook-Timestamp. */
  timestamp: number;
  event_type: string;
  event_id: string;
  raw_body: Buffer | string;
}

function hmacHex(secret: string, parts: (string | Buffer)[]): string {
  const hmac = createHmac('sha256', secret);
  for (const part of parts) hmac.update(part);
  return hmac.digest('hex');
}

/** V1: HMAC-SHA256(secret, timestamp.body); V2 adds the event type and id before the body. */
export function signWebhook(input: SignatureInput): WebhookSignatures {
  const body = typeof input.raw_body === 'string' ? Buffer.from(input.raw_body) : input.raw_body;
  const timestamp = String(input.timestamp);
  return {
    v1: hmacHex(input.secret, [`${timestamp}.`, body]),
    v2: hmacHex(input.secret, [`${timestamp}.${input.event_type}.${input.event_id}.`, body]),
  };
}

/** Spec section 6 and section 8: receivers reject timestamps older than 5 minutes. */
export const SIGNATURE_TOLERANCE_S = 300;

/** What a receiver does: recompute V2 and compare in constant time, within the tolerance. */
export function verifyWebhookV2(
  input: SignatureInput & { signature: string; now_s: number },
): boolean {
  if (Math.abs(input.now_s - input.timestamp) > SIGNATURE_TOLERANCE_S) return false;
  const expected = Buffer.from(signWebhook(input).v2, 'utf8');
  const given = Buffer.from(input.signature, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
