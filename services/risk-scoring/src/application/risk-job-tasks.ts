import {
  Inject,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { JobQueue, JobTasks } from '@platform/jobs';
import { RISK_JOBS } from '../infrastructure/risk-jobs';

/**
 * The tasks of the service's one job queue, by name. Every part adds its own at construction
 * (`tasks.add({ 'batches.run_chunk': handler })`); the queue starts with all of them once the
 * application has booted. Task names are prefixed by the part (`reports.`, `batches.`, ...).
 */
export const RISK_JOB_TASKS = Symbol('RISK_JOB_TASKS');

export class RiskJobTasks {
  private readonly tasks: Record<string, JobTasks[string]> = {};
  private started = false;

  add(tasks: JobTasks): void {
    if (this.started) throw new Error('risk job tasks are added before the queue starts');
    for (const [name, handler] of Object.entries(tasks)) {
      if (this.tasks[name]) throw new Error(`risk job task ${name} is registered twice`);
      this.tasks[name] = handler;
    }
  }

  /** Every task, once: the queue starts with these. */
  seal(): JobTasks {
    this.started = true;
    return { ...this.tasks };
  }
}

/** Starts the queue after every part has registered its tasks; stops it on shutdown. */
export class RiskJobRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('risk-scoring');

  constructor(
    @Inject(RISK_JOBS) private readonly jobs: JobQueue,
    @Inject(RISK_JOB_TASKS) private readonly tasks: RiskJobTasks,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.start(this.tasks.seal());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.stop().catch((error: unknown) => {
      this.logger.warn(`risk-scoring jobs did not stop cleanly: ${String(error)}`);
    });
  }
}
