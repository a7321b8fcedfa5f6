import { describeFailure, isTransientFailure } from './failures';

export interface PoisonPolicy {
  /** Failures of one record (transient ones not counted) before it may be set aside. */
  max_attempts: number;
  /** Wait before a failed record is tried again; doubles per counted failure up to the max. */
  backoff_initial_ms: number;
  backoff_max_ms: number;
  /**
   * Set a record aside only once another record has succeeded since it first failed. When
   * everything fails the cause is elsewhere (a service down, a broken deploy): nothing is set
   * aside, everything is retried. Sources whose records wait in line behind each other (a bus
   * partition) cannot see others succeed, and rely on the error's kind alone.
   */
  require_evidence: boolean;
}

export const DEFAULT_POISON_POLICY: PoisonPolicy = {
  max_attempts: 5,
  backoff_initial_ms: 1_000,
  backoff_max_ms: 60_000,
  require_evidence: true,
};

export type FailureVerdict =
  | { action: 'retry'; attempts: number; transient: boolean; retry_in_ms: number }
  | { action: 'set_aside'; attempts: number; first_failed_at: Date; reason: string };

interface Failing {
  attempts: number;
  first_failed_ms: number;
  /** When, in the order of outcomes this tracker saw, the record first failed. */
  first_failed_at_outcome: number;
  retry_at_ms: number;
  reason: string;
}

/** Records failing at once that are remembered; the longest-known are forgotten past this. */
const MAX_TRACKED = 10_000;

/**
 * Tells a poison record (the same record fails again and again while others succeed) from a
 * transient failure, for one source (a projection, consumer or worker) in one process. It only
 * counts and decides; the source retries, waits, or records the dead letter and moves on.
 */
export class PoisonTracker {
  private readonly policy: PoisonPolicy;
  private readonly failing = new Map<string, Failing>();
  /** Counts outcomes (successes and failures), to order them exactly. */
  private outcomes = 0;
  private last_success_at_outcome = 0;

  constructor(
    policy: Partial<PoisonPolicy> = {},
    private readonly now_ms: () => number = Date.now,
  ) {
    this.policy = { ...DEFAULT_POISON_POLICY, ...policy };
  }

  /** A record went through: it is no longer failing, and others failing now have evidence. */
  succeeded(key?: string): void {
    if (key !== undefined) this.failing.delete(key);
    this.last_success_at_outcome = ++this.outcomes;
  }

  /** Counts a failure of `key` and says whether to retry it (when) or set it aside. */
  failed(key: string, error: unknown): FailureVerdict {
    const now_ms = this.now_ms();
    const transient = isTransientFailure(error);
    const outcome = ++this.outcomes;
    const entry = this.failing.get(key) ?? {
      attempts: 0,
      first_failed_ms: now_ms,
      first_failed_at_outcome: outcome,
      retry_at_ms: now_ms,
      reason: '',
    };
    if (!transient) entry.attempts += 1;
    entry.reason = describeFailure(error);
    entry.retry_at_ms = now_ms + this.backoffAfter(entry.attempts);
    this.failing.delete(key);
    this.failing.set(key, entry);
    this.forgetOldest();
    return this.verdictOf(key, transient) ?? this.retry(entry, transient);
  }

  /**
   * `set_aside` when the record failed often enough and (if the policy asks) another succeeded
   * since it first failed; null when it is not failing or must still be retried.
   */
  verdictOf(key: string, transient = false): FailureVerdict | null {
    const entry = this.failing.get(key);
    if (!entry || transient || entry.attempts < this.policy.max_attempts) return null;
    const evidence = this.last_success_at_outcome > entry.first_failed_at_outcome;
    if (this.policy.require_evidence && !evidence) return null;
    return {
      action: 'set_aside',
      attempts: entry.attempts,
      first_failed_at: new Date(entry.first_failed_ms),
      reason: entry.reason,
    };
  }

  /** Failed as often as the policy allows, and waits only for evidence to be set aside. */
  isExhausted(key: string): boolean {
    return (this.failing.get(key)?.attempts ?? 0) >= this.policy.max_attempts;
  }

  /** The record failed and its backoff has not run out: do not try it yet. */
  isWaiting(key: string): boolean {
    const entry = this.failing.get(key);
    return entry !== undefined && entry.retry_at_ms > this.now_ms();
  }

  /** Keys of records in backoff now, to leave out of the next look for work. */
  waitingKeys(): string[] {
    const now_ms = this.now_ms();
    return [...this.failing].filter(([, entry]) => entry.retry_at_ms > now_ms).map(([key]) => key);
  }

  /** Milliseconds until `key` may be tried again (0 when it may be now or is not failing). */
  waitFor(key: string): number {
    const entry = this.failing.get(key);
    return entry ? Math.max(0, entry.retry_at_ms - this.now_ms()) : 0;
  }

  /** Called once the record is set aside (or otherwise done with). */
  forget(key: string): void {
    this.failing.delete(key);
  }

  private retry(entry: Failing, transient: boolean): FailureVerdict {
    return {
      action: 'retry',
      attempts: entry.attempts,
      transient,
      retry_in_ms: Math.max(0, entry.retry_at_ms - this.now_ms()),
    };
  }

  private backoffAfter(attempts: number): number {
    const doubled = this.policy.backoff_initial_ms * 2 ** Math.max(0, attempts - 1);
    return Math.min(this.policy.backoff_max_ms, doubled);
  }

  private forgetOldest(): void {
    for (const key of this.failing.keys()) {
      if (this.failing.size <= MAX_TRACKED) return;
      this.failing.delete(key);
    }
  }
}
