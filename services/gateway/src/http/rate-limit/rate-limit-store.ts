/** A token bucket: `burst` tokens at most, refilled at `per_second`. */
export interface RateLimitPolicy {
  per_second: number;
  burst: number;
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retry_after_ms: number };

/**
 * Where buckets live. The in-memory store serves one process; a shared store (Redis, the
 * database) implements the same call atomically so several gateway replicas share a budget.
 */
export interface RateLimitStore {
  consume(key: string, policy: RateLimitPolicy): Promise<RateLimitDecision>;
}
