import { PollCadence } from '@platform/persistence';
import type { SandboxChain } from './sandbox-chain';

/** The longest pause of a ticker with nothing to mine before it looks for transfers again. */
const IDLE_POLL_MS = 250;

export interface TickerReports {
  on_error: (error: unknown) => void;
}

/**
 * The one ticker of the sandbox chain: a block every `step_ms` while transfers are in flight (with
 * `step_ms` 0, one after the other at once); with none, it looks for them less and less often, up
 * to every `IDLE_POLL_MS`. A failed step (database away) is logged and tried again on the next tick.
 */
export class SandboxTicker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly cadence: PollCadence;

  constructor(
    private readonly chain: SandboxChain,
    private readonly step_ms: number,
    private readonly reports: TickerReports,
  ) {
    this.cadence = new PollCadence(step_ms, IDLE_POLL_MS);
  }

  start(): void {
    this.stopped = false;
    this.schedule(this.step_ms);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay_ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      let mined = false;
      this.running = this.chain
        .step()
        .then((height) => {
          mined = height !== null;
        })
        .catch(this.reports.on_error)
        .finally(() => this.schedule(this.cadence.after(mined)));
    }, delay_ms);
  }
}
