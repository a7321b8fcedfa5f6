/**
 * When to send a request again: after 429 (rate limited) or 503 (unavailable), honoring the
 * server's `Retry-After`, a bounded number of times, with jitter so that clients refused together
 * do not come back together. Pure: the caller gives the clock and the random source.
 */
export interface RetryPolicy {
  /** Retries after the first attempt; 0 turns retrying off. */
  max_retries: number;
  /** The first backoff without a `Retry-After`; doubles with each retry. */
  base_delay_ms: number;
  /** No wait is longer: a `Retry-After` beyond it is not waited for (the error is returned). */
  max_delay_ms: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  max_retries: 3,
  base_delay_ms: 500,
  max_delay_ms: 30_000,
};

export const RETRYABLE_STATUSES: readonly number[] = [429, 503];

/** Methods that change nothing more when repeated (RFC 9110 §9.2.2). */
const IDEMPOTENT_METHODS = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'];

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** May this request be sent twice? Idempotent methods, and any request with an idempotency key. */
export function isRepeatable(method: string, headers: Headers): boolean {
  return (
    IDEMPOTENT_METHODS.includes(method.toUpperCase()) ||
    (headers.get(IDEMPOTENCY_KEY_HEADER) ?? '') !== ''
  );
}

/**
 * The wait a `Retry-After` value asks for: delay-seconds or an HTTP-date (RFC 9110 §10.2.3);
 * null when absent or unreadable. A date in the past asks for no wait.
 */
export function retryAfterMs(value: string | null, now_ms: number): number | null {
  const text = value?.trim() ?? '';
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP-date names its day and month (`Thu, 01 Jan 2026 12:00:00 GMT`): bare numbers are not.
  if (!/[a-z]/i.test(text)) return null;
  const date_ms = Date.parse(text);
  return Number.isNaN(date_ms) ? null : Math.max(0, date_ms - now_ms);
}

export interface RetryInput {
  status: number;
  /** The answer's `Retry-After` header. */
  retry_after: string | null;
  /** Retries already made (0 after the first attempt). */
  retries: number;
  now_ms: number;
  /** A number in [0, 1), such as Math.random(). */
  random: number;
}

/** How long to wait before the next attempt, or null when not to retry. */
export function retryDelayMs(input: RetryInput, policy: RetryPolicy): number | null {
  if (!RETRYABLE_STATUSES.includes(input.status) || input.retries >= policy.max_retries)
    return null;
  const asked_ms = retryAfterMs(input.retry_after, input.now_ms);
  if (asked_ms !== null) {
    if (asked_ms > policy.max_delay_ms) return null;
    // Never earlier than asked; the jitter spreads clients over up to one base delay after it.
    return Math.min(
      policy.max_delay_ms,
      asked_ms + Math.floor(input.random * policy.base_delay_ms),
    );
  }
  const backoff_ms = Math.min(policy.max_delay_ms, policy.base_delay_ms * 2 ** input.retries);
  // "Equal jitter": half the backoff for sure, the other half at random.
  return Math.floor(backoff_ms / 2 + (input.random * backoff_ms) / 2);
}
