/** A token bucket: `burst` tokens at most, refilled at `per_second`. */
export interface RateLimitPolicy {
  per_second: number;
  burst: number;
}

/** The state of a bucket after a request, as the RateLimit response headers tell it. */
export interface RateLimitQuota {
  /** The bucket's size: requests allowed at once. */
  limit: number;
  /** Whole tokens left after this request. */
  remaining: number;
  /** Until the bucket is full again. */
  reset_ms: number;
}

export type RateLimitDecision =
  | { allowed: true; quota: RateLimitQuota }
  | { allowed: false; retry_after_ms: number; quota: RateLimitQuota };

/**
 * Where buckets live. The in-memory store serves one process; a shared store (Redis, the
 * database) implements the same call atomically so several gateway replicas share a budget.
 */
export interface RateLimitStore {
  consume(key: string, policy: RateLimitPolicy): Promise<RateLimitDecision>;
}
