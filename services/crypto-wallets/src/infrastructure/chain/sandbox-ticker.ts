import type { SandboxChain } from './sandbox-chain';

/** How long an idle ticker with `SANDBOX_STEP_MS` 0 waits before looking for transfers again. */
const IDLE_POLL_MS = 50;

export interface TickerReports {
  on_error: (error: unknown) => void;
}

/**
 * The one ticker of the sandbox chain: a block every `step_ms`; with `step_ms` 0, blocks follow
 * each other at once while transfers are in flight. A failed step (database away) is logged and
 * tried again on the next tick.
 */
export class SandboxTicker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly chain: SandboxChain,
    private readonly step_ms: number,
    private readonly reports: TickerReports,
  ) {}

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
        .finally(() => this.schedule(this.nextDelay(mined)));
    }, delay_ms);
  }

  private nextDelay(mined: boolean): number {
    if (this.step_ms > 0) return this.step_ms;
    return mined ? 0 : IDLE_POLL_MS;
  }
}
