/**
 * Spec section 6: up to 5 attempts at about 0, 5, 20, 45 and 80 s after the event. A scale
 * below 1 shortens the whole schedule (tests).
 */
export const DELIVERY_OFFSETS_S = [0, 5, 20, 45, 80] as const;
export const MAX_DELIVERY_ATTEMPTS = DELIVERY_OFFSETS_S.length;

/**
 * When attempt `attempts_made + 1` is due, in ms after the job was queued; null once every
 * attempt is spent.
 */
export function nextAttemptOffsetMs(attempts_made: number, scale: number): number | null {
  const offset_s = DELIVERY_OFFSETS_S[attempts_made];
  if (offset_s === undefined) return null;
  return Math.round(offset_s * 1000 * scale);
}

/** A 2xx answer is a success; anything else (redirects included) fails the attempt. */
export function isSuccessfulStatus(status: number): boolean {
  return status >= 200 && status < 300;
}
