import type { PollCadence } from './poll-cadence';

export interface PollerOptions {
  /** One look at the queue: resolves true when it found work. */
  look: () => Promise<boolean>;
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

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(pause_ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.options
        .look()
        .catch((error: unknown) => {
          reportQuietly(this.options.on_error, error);
          return false;
        })
        .then((found_work) => this.schedule(this.options.cadence.after(found_work)));
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
