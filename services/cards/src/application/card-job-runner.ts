import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { JobQueue } from '@platform/jobs';
import { MONTHLY_FEES_TASK } from '../infrastructure/card-jobs';
import type { CardFees } from './card-fees';

/** Starts the service's job queue (the monthly fee cron) once the application has booted. */
export class CardJobRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('cards');

  constructor(
    private readonly jobs: JobQueue,
    private readonly fees: CardFees,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.start({ [MONTHLY_FEES_TASK]: this.fees.task });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.stop().catch((error: unknown) => {
      this.logger.warn(`cards jobs did not stop cleanly: ${String(error)}`);
    });
  }
}
