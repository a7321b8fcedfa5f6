import type { DeadLetters } from './dead-letters';
import { PoisonTracker, type PoisonPolicy } from './poison-tracker';

export type GuardedOutcome =
  | { outcome: 'done' }
  | { outcome: 'retry'; error: unknown; retry_in_ms: number }
  | { outcome: 'set_aside'; reason: string; attempts: number };

/**
 * One worker's records (payins due, payouts due, webhook jobs...) run through this: a record that
 * fails waits out a growing backoff (left out of the next look for work: `waiting`), and one that
 * failed `max_attempts` times while others went through is recorded as a dead letter of `source`
 * and left out for good (`notSetAside` in the look for work). Nothing is retried in a hot loop,
 * and a database or service that is down sets nothing aside.
 */
export class PoisonGuard {
  private readonly tracker: PoisonTracker;

  constructor(
    private readonly dead_letters: DeadLetters,
    readonly source: string,
    policy: Partial<PoisonPolicy> = {},
  ) {
    this.tracker = new PoisonTracker(policy);
  }

  /** Keys of this source's records in backoff now. */
  waiting(): string[] {
    return this.tracker.waitingKeys();
  }

  /** See notSetAsideSql: `source_parameter` must hold this guard's `source`. */
  notSetAside(source_parameter: string, key_sql: string): string {
    return this.dead_letters.notSetAside(source_parameter, key_sql);
  }

  /**
   * `run` for each record of a batch whose work already ran (`togetherOrAlone`): a record failed
   * when `failures` has its key. The failures are counted first, so that the others going through
   * in the same batch count as the evidence that a failing record is itself the cause.
   */
  async settle(
    keys: readonly string[],
    payloadOf: (key: string) => unknown,
    failures: ReadonlyMap<string, unknown>,
  ): Promise<Map<string, GuardedOutcome>> {
    const outcomes = new Map<string, GuardedOutcome>();
    const failed = keys.filter((key) => failures.has(key));
    await Promise.all(
      failed.map(async (key) =>
        outcomes.set(
          key,
          await this.run(key, payloadOf(key), () => Promise.reject(failures.get(key))),
        ),
      ),
    );
    for (const key of keys)
      if (!failures.has(key))
        outcomes.set(key, await this.run(key, payloadOf(key), async () => {}));
    return new Map(keys.map((key) => [key, outcomes.get(key) as GuardedOutcome]));
  }

  /**
   * Runs `work` for the record `key`. A failure is never thrown: it is `retry` (with the error,
   * for the caller's log) or, for a poison record, `set_aside` once its letter is recorded.
   */
  async run(key: string, payload: unknown, work: () => Promise<unknown>): Promise<GuardedOutcome> {
    try {
      await work();
      this.tracker.succeeded(key);
      return { outcome: 'done' };
    } catch (error) {
      const verdict = this.tracker.failed(key, error);
      if (verdict.action === 'retry')
        return { outcome: 'retry', error, retry_in_ms: verdict.retry_in_ms };
      await this.dead_letters.record({
        source: this.source,
        record_key: key,
        reason: verdict.reason,
        payload,
        attempts: verdict.attempts,
        first_failed_at: verdict.first_failed_at,
      });
      this.tracker.forget(key);
      return { outcome: 'set_aside', reason: verdict.reason, attempts: verdict.attempts };
    }
  }
}
