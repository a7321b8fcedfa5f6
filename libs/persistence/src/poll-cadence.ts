/** The shortest pause after an empty look when the busy pause is 0 (an idle poller never spins). */
const FIRST_EMPTY_PAUSE_MS = 10;
/** The longest pause of an idle poller: the wait of the first item after a quiet spell. */
export const IDLE_POLL_MS = 250;
/**
 * The longest pause of an idle poller that is woken when work is added (`Poller.wake`, on its
 * store's appends, say): only work nothing announced (a retry coming due) waits this long.
 */
export const WOKEN_IDLE_POLL_MS = 1_000;

/**
 * The pause after a look that took a full batch: more is likely due already, so the next look
 * should not wait the busy pause (the sandbox step, up to a second), which capped a backlog's
 * drain at one batch per pause. Not 0, so that a replica whose batch another replica holds locked
 * does not spin while that one works.
 */
export const FULL_BATCH_PAUSE_MS = 10;

/**
 * What one look at a queue found: `false` nothing, `true` work, `'full_batch'` as many items as
 * one look takes (see `lookOutcomeOf`).
 */
export type LookOutcome = boolean | 'full_batch';

/** The outcome of a look that took `found_count` items when it asked for at most `batch_size`. */
export function lookOutcomeOf(found_count: number, batch_size: number): LookOutcome {
  if (found_count >= batch_size) return 'full_batch';
  return found_count > 0;
}

/**
 * The pause between looks of a poller on a table queue (due payout steps, payin steps, withdrawal
 * broadcasts, chain blocks and observations): `busy_ms` after a look that found work, then twice
 * the last pause after each empty look, up to `idle_ms`. A queue with work is looked at as often
 * as before, while an idle platform asks its database a few times a second rather than every few
 * tens of milliseconds (the sandbox step in tests), which cost it a third of a core doing nothing.
 * The price is that the first item after a quiet spell waits up to `idle_ms` for its first look.
 * A look that took a full batch is followed after `FULL_BATCH_PAUSE_MS` at most.
 */
export class PollCadence {
  private pause_ms: number;

  constructor(
    readonly busy_ms: number,
    readonly idle_ms: number,
  ) {
    this.pause_ms = busy_ms;
  }

  /**
   * A worker that follows the sandbox step (SANDBOX_STEP_MS): its busy pause is the step, held
   * between 10 ms (a step of 0 must not spin) and the idle pause.
   */
  static followingStep(step_ms: number, idle_ms = IDLE_POLL_MS): PollCadence {
    return new PollCadence(Math.max(FIRST_EMPTY_PAUSE_MS, Math.min(idle_ms, step_ms)), idle_ms);
  }

  /** Work was announced: the next pause is the busy one again, as after a look that found work. */
  reset(): number {
    this.pause_ms = this.busy_ms;
    return this.pause_ms;
  }

  /** The pause before the next look, after a look that found work (`true`), none, or a batch. */
  after(outcome: LookOutcome): number {
    if (outcome === 'full_batch') {
      this.pause_ms = this.busy_ms;
      return Math.min(this.busy_ms, FULL_BATCH_PAUSE_MS);
    }
    if (outcome) this.pause_ms = this.busy_ms;
    else {
      const doubled_ms = Math.max(this.pause_ms * 2, FIRST_EMPTY_PAUSE_MS);
      this.pause_ms = Math.max(this.busy_ms, Math.min(this.idle_ms, doubled_ms));
    }
    return this.pause_ms;
  }
}
