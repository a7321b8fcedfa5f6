import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far `X-Webhook-Timestamp` may be from the receiver's clock: 5 minutes. */
export const DEFAULT_WEBHOOK_TOLERANCE_S = 300;

/** A request's headers: a Fetch `Headers`, or Node's `IncomingHttpHeaders` (any case). */
export type WebhookHeaders = Headers | Readonly<Record<string, string | string[] | undefined>>;

function headerOf(headers: WebhookHeaders, name: string): string {
  if (headers instanceof Headers) return headers.get(name) ?? '';
  const key = Object.keys(headers).find((each) => each.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

function hmacHex(secret: string, prefix: string, payload: Uint8Array): string {
  return createHmac('sha256', secret).update(prefix).update(payload).digest('hex');
}

function sameText(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given, 'utf8'), Buffer.from(expected, 'utf8')];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Did the platform sign this webhook with `secret`, within `tolerance_s` of now? `payload` is the
 * raw body, before any JSON parsing. Checks `X-Webhook-Signature-V2`, lowercase hex
 * HMAC-SHA256(secret, `timestamp.event_type.event_id.body`); a request without it is checked on
 * `X-Webhook-Signature` (V1), HMAC-SHA256(secret, `timestamp.body`). Constant-time comparison.
 */
export function verifyWebhookSignature(
  payload: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  tolerance_s: number = DEFAULT_WEBHOOK_TOLERANCE_S,
  now_ms: number = Date.now(),
): boolean {
  const timestamp = headerOf(headers, 'x-webhook-timestamp');
  if (!/^\d+$/.test(timestamp)) return false;
  if (Math.abs(now_ms / 1000 - Number(timestamp)) > tolerance_s) return false;
  const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  const v2 = headerOf(headers, 'x-webhook-signature-v2');
  if (v2 !== '') {
    const event_type = headerOf(headers, 'x-webhook-event');
    const event_id = headerOf(headers, 'x-webhook-event-id');
    return sameText(v2, hmacHex(secret, `${timestamp}.${event_type}.${event_id}.`, body));
  }
  const v1 = headerOf(headers, 'x-webhook-signature');
  return v1 !== '' && sameText(v1, hmacHex(secret, `${timestamp}.`, body));
}
