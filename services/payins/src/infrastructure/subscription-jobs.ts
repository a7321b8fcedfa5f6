import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { PoolClient, Pool } from 'pg';
import { createJobQueue, EVERY_MINUTE, type JobQueue, type JobTasks } from '@platform/jobs';
import type { DeadLetters } from '@platform/persistence';
import type { ChargeJobs, SubscriptionCharger } from '../application/subscription-charger';
import type { SubscriptionsRepository } from './subscriptions.repository';

export const PAYINS_JOBS = Symbol('PAYINS_JOBS');

const CHARGE_TASK = 'subscriptions.charge';
const SWEEP_TASK = 'subscriptions.sweep';
const SWEEP_BATCH = 500;

/**
 * The service's durable job queue (`payins_jobs` schema). Opened and migrated while the module is
 * built: graphile-worker stops every running worker of the database on a migration
 * announcement, so the tables must exist before any worker starts.
 */
export async function openPayinsJobs(
  pool: Pool,
  dead_letters: DeadLetters,
  options: { poll_interval_ms?: number } = {},
): Promise<JobQueue> {
  const queue = createJobQueue({
    pool,
    schema: 'payins_jobs',
    concurrency: 4,
    poll_interval_ms: options.poll_interval_ms ?? 500,
    dead_letters,
    // The safety net: a due subscription whose job was set aside is charged at the next minute.
    crontab: [{ task: SWEEP_TASK, schedule: EVERY_MINUTE }],
  });
  await queue.migrate();
  return queue;
}

/** One pending charge job per subscription, keyed by it: a reschedule replaces it. */
export class QueuedChargeJobs implements ChargeJobs {
  constructor(private readonly queue: JobQueue) {}

  async scheduleCharge(client: PoolClient, subscription_id: string, run_at: Date): Promise<void> {
    await this.queue.scheduleInTransaction(
      client,
      CHARGE_TASK,
      { subscription_id },
      { run_at, job_key: `subscription-charge:${subscription_id}`, max_attempts: 10 },
    );
  }
}

/** The tasks: charge one subscription's due period; sweep every due subscription. */
export function subscriptionJobTasks(
  charger: SubscriptionCharger,
  subscriptions: SubscriptionsRepository,
): JobTasks {
  const charge = async (payload: { subscription_id?: unknown }) => {
    if (typeof payload.subscription_id !== 'string') throw new Error('no subscription_id');
    await charger.chargeDue(payload.subscription_id);
  };
  const sweep = async () => {
    for (const subscription_id of await subscriptions.dueIds(SWEEP_BATCH))
      await charger.chargeDue(subscription_id);
  };
  return { [CHARGE_TASK]: charge, [SWEEP_TASK]: sweep };
}

/** Starts the queue once the application has booted; stops it on shutdown. */
export class PayinsJobRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('payins');

  constructor(
    private readonly queue: JobQueue,
    private readonly tasks: JobTasks,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.start(this.tasks);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.stop().catch((error: unknown) => {
      this.logger.warn(`payins jobs did not stop cleanly: ${String(error)}`);
    });
  }
}
