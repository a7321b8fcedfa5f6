import type { JobQueue, JobTasks } from './job-queue';

/**
 * The tasks of a service's one job queue, by name: each part of the service adds its own at
 * construction (`tasks.add({ 'payments.settle': handler })`), and the queue starts with all of
 * them once the application has booted (`JobQueueRunner`). A name registered twice, or a task
 * added after the start, is a programming error.
 */
export class JobTaskRegistry {
  private readonly tasks: Record<string, JobTasks[string]> = {};
  private started = false;

  constructor(private readonly service: string) {}

  add(tasks: JobTasks): void {
    if (this.started)
      throw new Error(`${this.service} job tasks are added before the queue starts`);
    for (const [name, handler] of Object.entries(tasks)) {
      if (this.tasks[name]) throw new Error(`${this.service} job task ${name} is registered twice`);
      this.tasks[name] = handler;
    }
  }

  /** Every task, once: the queue starts with these. */
  seal(): JobTasks {
    this.started = true;
    return { ...this.tasks };
  }
}

/**
 * Starts the queue after every part registered its tasks, stops it on shutdown. Its two methods
 * are Nest's application lifecycle hooks: provide it as a Nest provider.
 */
export class JobQueueRunner {
  constructor(
    private readonly jobs: JobQueue,
    private readonly tasks: JobTaskRegistry,
    private readonly warn: (message: string) => void,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.start(this.tasks.seal());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.stop().catch((error: unknown) => {
      this.warn(`jobs did not stop cleanly: ${String(error)}`);
    });
  }
}
