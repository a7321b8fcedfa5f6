import {
  Inject,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { JobQueue, JobTasks } from '@platform/jobs';
import { BANKING_JOBS } from '../infrastructure/banking-jobs';

/**
 * The tasks of the service's job queue, by name: each part adds its own at construction; the
 * queue starts with all of them once the application has booted.
 */
export const BANKING_JOB_TASKS = Symbol('BANKING_JOB_TASKS');

export class BankingJobTasks {
  private readonly tasks: Record<string, JobTasks[string]> = {};
  private started = false;

  add(tasks: JobTasks): void {
    if (this.started) throw new Error('banking job tasks are added before the queue starts');
    for (const [name, handler] of Object.entries(tasks)) {
      if (this.tasks[name]) throw new Error(`banking job task ${name} is registered twice`);
      this.tasks[name] = handler;
    }
  }

  seal(): JobTasks {
    this.started = true;
    return { ...this.tasks };
  }
}

/** Starts the queue after every part has registered its tasks; stops it on shutdown. */
export class BankingJobRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('banking');

  constructor(
    @Inject(BANKING_JOBS) private readonly jobs: JobQueue,
    @Inject(BANKING_JOB_TASKS) private readonly tasks: BankingJobTasks,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.start(this.tasks.seal());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.stop().catch((error: unknown) => {
      this.logger.warn(`banking jobs did not stop cleanly: ${String(error)}`);
    });
  }
}
