import type { RateLimitDecision, RateLimitPolicy } from './rate-limit-store';

export interface TokenBucket {
  tokens: number;
  updated_at_ms: number;
}

export function fullBucket(policy: RateLimitPolicy, now_ms: number): TokenBucket {
  return { tokens: policy.burst, updated_at_ms: now_ms };
}

export function refill(bucket: TokenBucket, policy: RateLimitPolicy, now_ms: number): TokenBucket {
  const elapsed_ms = Math.max(0, now_ms - bucket.updated_at_ms);
  const tokens = Math.min(policy.burst, bucket.tokens + (elapsed_ms * policy.per_second) / 1000);
  return { tokens, updated_at_ms: Math.max(now_ms, bucket.updated_at_ms) };
}

/** Takes one token if there is one; otherwise says how long until there will be. */
export function takeToken(
  bucket: TokenBucket,
  policy: RateLimitPolicy,
  now_ms: number,
): { bucket: TokenBucket; decision: RateLimitDecision } {
  const current = refill(bucket, policy, now_ms);
  if (current.tokens >= 1) {
    return { bucket: { ...current, tokens: current.tokens - 1 }, decision: { allowed: true } };
  }
  const retry_after_ms = Math.ceil(((1 - current.tokens) * 1000) / policy.per_second);
  return { bucket: current, decision: { allowed: false, retry_after_ms } };
}
