import type { RateLimitDecision, RateLimitPolicy, RateLimitQuota } from './rate-limit-store';

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
    const taken = { ...current, tokens: current.tokens - 1 };
    return { bucket: taken, decision: { allowed: true, quota: quotaOf(taken, policy) } };
  }
  const retry_after_ms = Math.ceil(((1 - current.tokens) * 1000) / policy.per_second);
  return {
    bucket: current,
    decision: { allowed: false, retry_after_ms, quota: quotaOf(current, policy) },
  };
}

/** What the bucket has left, and how long until it is full again. */
export function quotaOf(bucket: TokenBucket, policy: RateLimitPolicy): RateLimitQuota {
  return {
    limit: policy.burst,
    remaining: Math.max(0, Math.floor(bucket.tokens)),
    reset_ms: Math.ceil(((policy.burst - bucket.tokens) * 1000) / policy.per_second),
  };
}
