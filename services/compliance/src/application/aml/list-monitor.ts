import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { AmlScreenings } from './aml-screenings';

const logger = new Logger('compliance:aml-monitoring');

/**
 * Every `interval_ms`, one monitoring pass: the list files are hashed and, when they changed,
 * reloaded; monitored screenings computed against other lists are rescreened (also those left
 * over by a restart). Passes never overlap.
 */
export class AmlListMonitor implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly screenings: AmlScreenings,
    private readonly interval_ms: number,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.pass().finally(() => (this.running = null));
    }, this.interval_ms);
    this.timer.unref();
  }

  private async pass(): Promise<void> {
    try {
      const rescreened = await this.screenings.monitor();
      if (rescreened > 0) logger.log(`monitoring rescreened ${rescreened} screening(s)`);
    } catch (error) {
      logger.warn(`monitoring pass failed, retried next time: ${String(error)}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
