import { PollCadence, Poller, WOKEN_IDLE_POLL_MS } from '@platform/persistence';
import type { SandboxChain } from './sandbox-chain';

export interface TickerReports {
  on_error: (error: unknown) => void;
  /** A block was mined: the chain's observation log has grown. */
  on_block?: () => void;
}

/**
 * The one ticker of the sandbox chain: a block every `step_ms` while transfers are in flight (with
 * `step_ms` 0, one after the other at once); with none, it looks for them less and less often, up
 * to every `WOKEN_IDLE_POLL_MS`, and a transfer sent to the chain in this process wakes it. A
 * failed step (database away) is logged and tried again on the next tick.
 */
export class SandboxTicker {
  private readonly poller: Poller;

  constructor(chain: SandboxChain, step_ms: number, reports: TickerReports) {
    this.poller = new Poller({
      look: async () => {
        const mined = (await chain.step()) !== null;
        if (mined) reports.on_block?.();
        return mined;
      },
      cadence: new PollCadence(step_ms, WOKEN_IDLE_POLL_MS),
      on_error: reports.on_error,
    });
    chain.onQueued(() => this.poller.wake());
  }

  start(): void {
    this.poller.start();
  }

  stop(): Promise<void> {
    return this.poller.stop();
  }
}
