import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { JobQueue } from '@platform/jobs';
import type { BatchesRepository } from '../../infrastructure/batches/batches.repository';
import { BATCH_RUN_TASK, batchJobKey } from './batch-jobs';

export interface BatchRecoveryOptions {
  /** How often unfinished batches are looked at. */
  check_every_ms: number;
  /** A batch without progress this long has lost its run (a worker died): it is run again. */
  idle_ms: number;
}

const RESCHEDULE_LIMIT = 100;

/**
 * Resumes batches whose run died with its process. The job queue keeps a job locked by a dead
 * worker for hours, so at boot every unfinished batch gets a fresh run job, and afterwards so
 * does one that made no progress for `idle_ms`. A run that finds its batch leased by a live
 * worker ends at once, so a run too many costs nothing.
 */
export class BatchRecovery implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('risk-batches');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly batches: BatchesRepository,
    private readonly jobs: JobQueue,
    private readonly options: BatchRecoveryOptions,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // A failed look at boot does not stop the service: the next look comes soon after.
    await this.look(0);
    this.timer = setInterval(
      () => void this.look(this.options.idle_ms),
      this.options.check_every_ms,
    );
    this.timer.unref();
  }

  private async look(idle_ms: number): Promise<void> {
    await this.reschedule(idle_ms).catch((error: unknown) =>
      this.logger.warn(`batch recovery failed: ${String(error)}`),
    );
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async reschedule(idle_ms: number): Promise<number> {
    const batch_ids = await this.batches.unfinished(idle_ms, RESCHEDULE_LIMIT);
    for (const batch_id of batch_ids) {
      await this.jobs.schedule(
        BATCH_RUN_TASK,
        { batch_id },
        { job_key: batchJobKey(batch_id), job_key_mode: 'replace' },
      );
    }
    return batch_ids.length;
  }
}
