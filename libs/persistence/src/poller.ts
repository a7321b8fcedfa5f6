import type { LookOutcome, PollCadence } from './poll-cadence';

export interface PollerOptions {
  /** One look at the queue: what it found (`true` work, `'full_batch'` more is likely due). */
  look: () => Promise<LookOutcome>;
  cadence: PollCadence;
  /** A look that failed (its database away, say): reported here, then counted as empty. */
  on_error: (error: unknown) => void;
}

/**
 * The loop of a poller on a table queue: one look at a time, the next after the pause its
 * cadence gives. A failed look counts as empty, so a poller backs off while its database is away
 * instead of retrying at its busy pace. `stop` waits for the look under way.
 */
export class Poller {
  private timer: NodeJS.Timeout | null = null;
  /** When the pending timer fires (epoch ms); null while a look is under way. */
  private next_look_at_ms: number | null = null;
  /** Woken during a look: the work may have come after the look read its queue. */
  private woken_while_looking = false;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: PollerOptions) {}

  /** True once `stop` was called (until `start` again): a look under way ends early on it. */
  get is_stopped(): boolean {
    return this.stopped;
  }

  /** The first look comes after `first_pause_ms` (the cadence's busy pause by default). */
  start(first_pause_ms = this.options.cadence.busy_ms): void {
    this.stopped = false;
    this.schedule(first_pause_ms);
  }

  /**
   * Work was just added to the queue (an append notification, say): the next look comes within
   * the busy pause instead of at the end of an idle back-off. Under load the poller is already
   * at its busy pause, so a wake adds no look; it only spares the first item after a quiet spell
   * the idle wait.
   */
  wake(): void {
    if (this.stopped) return;
    const busy_ms = this.options.cadence.reset();
    if (this.next_look_at_ms === null) {
      this.woken_while_looking = true;
      return;
    }
    if (this.next_look_at_ms - Date.now() <= busy_ms) return;
    if (this.timer) clearTimeout(this.timer);
    this.schedule(busy_ms);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(pause_ms: number): void {
    if (this.stopped) return;
    this.next_look_at_ms = Date.now() + pause_ms;
    this.timer = setTimeout(() => {
      this.next_look_at_ms = null;
      this.woken_while_looking = false;
      this.running = this.options
        .look()
        .catch((error: unknown) => {
          reportQuietly(this.options.on_error, error);
          return false;
        })
        .then((outcome) =>
          this.schedule(this.options.cadence.after(outcome || this.woken_while_looking)),
        );
    }, pause_ms);
  }
}

/** A report that throws must not end the loop. */
function reportQuietly(report: (error: unknown) => void, error: unknown): void {
  try {
    report(error);
  } catch {
    // nothing left to tell
  }
}
