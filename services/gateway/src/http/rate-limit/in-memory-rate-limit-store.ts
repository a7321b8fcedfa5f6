import type { RateLimitDecision, RateLimitPolicy, RateLimitStore } from './rate-limit-store';
import { fullBucket, refill, takeToken, type TokenBucket } from './token-bucket';

export interface InMemoryRateLimitStoreOptions {
  /** Monotonic milliseconds; injected by tests. */
  now_ms?: () => number;
  /** Above this many buckets, full (idle) ones are dropped: a full bucket is the default state. */
  max_buckets?: number;
}

export class InMemoryRateLimitStore implements RateLimitStore {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly now_ms: () => number;
  private readonly max_buckets: number;

  constructor(options: InMemoryRateLimitStoreOptions = {}) {
    this.now_ms = options.now_ms ?? (() => performance.now());
    this.max_buckets = options.max_buckets ?? 100_000;
  }

  consume(key: string, policy: RateLimitPolicy): Promise<RateLimitDecision> {
    return Promise.resolve(this.consumeNow(key, policy));
  }

  consumeNow(key: string, policy: RateLimitPolicy): RateLimitDecision {
    const now_ms = this.now_ms();
    const bucket = this.buckets.get(key) ?? fullBucket(policy, now_ms);
    const taken = takeToken(bucket, policy, now_ms);
    this.buckets.set(key, taken.bucket);
    if (this.buckets.size > this.max_buckets) this.dropFullBuckets(policy, now_ms);
    return taken.decision;
  }

  get bucket_count(): number {
    return this.buckets.size;
  }

  private dropFullBuckets(policy: RateLimitPolicy, now_ms: number): void {
    for (const [key, bucket] of this.buckets) {
      if (refill(bucket, policy, now_ms).tokens >= policy.burst) this.buckets.delete(key);
    }
  }
}
