import { IDLE_POLL_MS, PollCadence, Poller } from '@platform/persistence';
import type { SandboxChain } from './sandbox-chain';

export interface TickerReports {
  on_error: (error: unknown) => void;
}

/**
 * The one ticker of the sandbox chain: a block every `step_ms` while transfers are in flight (with
 * `step_ms` 0, one after the other at once); with none, it looks for them less and less often, up
 * to every `IDLE_POLL_MS`. A failed step (database away) is logged and tried again on the next tick.
 */
export class SandboxTicker {
  private readonly poller: Poller;

  constructor(chain: SandboxChain, step_ms: number, reports: TickerReports) {
    this.poller = new Poller({
      look: async () => (await chain.step()) !== null,
      cadence: new PollCadence(step_ms, IDLE_POLL_MS),
      on_error: reports.on_error,
    });
  }

  start(): void {
    this.poller.start();
  }

  stop(): Promise<void> {
    return this.poller.stop();
  }
}
