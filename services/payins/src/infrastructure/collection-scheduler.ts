import type { CollectionWorker } from '../application/collection-worker';
import type { PayinsRepository } from './payins.repository';

export interface SchedulerSettings {
  /** How often due steps and expiries are looked for. */
  poll_ms: number;
  /** How often due card settlements are credited (spec §3: every minute). */
  settlement_interval_ms: number;
}

const BATCH_SIZE = 100;
const PARALLEL_TRANSITIONS = 8;

/**
 * A polling scheduler on the payins table: durable by construction, since what is due is read
 * from the committed rows on every tick (a restart loses nothing). Several instances may run:
 * each transition locks its row with `skip locked`.
 */
export class CollectionScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private last_settlement_ms = 0;

  constructor(
    private readonly payins: PayinsRepository,
    private readonly worker: CollectionWorker,
    private readonly settings: SchedulerSettings,
    private readonly on_error: (error: unknown) => void,
  ) {}

  start(): void {
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay_ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .catch(this.on_error)
        .finally(() => this.schedule(this.settings.poll_ms));
    }, delay_ms);
  }

  private async tick(): Promise<void> {
    await this.each(await this.payins.dueSteps(BATCH_SIZE), (id) => this.worker.step(id));
    await this.each(await this.payins.dueExpiries(BATCH_SIZE), (id) => this.worker.expire(id));
    const now_ms = Date.now();
    if (now_ms - this.last_settlement_ms >= this.settings.settlement_interval_ms) {
      this.last_settlement_ms = now_ms;
      await this.each(await this.payins.dueSettlements(BATCH_SIZE), (id) => this.worker.settle(id));
    }
  }

  /**
   * A few at a time (each waits on the ledger); one failing payin (ledger unavailable...) must
   * not hold back the others.
   */
  private async each(ids: string[], work: (id: string) => Promise<unknown>): Promise<void> {
    for (let start = 0; start < ids.length; start += PARALLEL_TRANSITIONS) {
      if (this.stopped) return;
      const chunk = ids.slice(start, start + PARALLEL_TRANSITIONS);
      await Promise.all(chunk.map((id) => work(id).catch(this.on_error)));
    }
  }
}
