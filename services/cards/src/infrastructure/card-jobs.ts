import { createJobQueue, EVERY_DAY_AT_MIDNIGHT_UTC, type JobQueue } from '@platform/jobs';
import type { DeadLetters } from '@platform/persistence';
import type { Pool } from 'pg';

/** The service's one durable job queue (`cards_jobs` schema). */
export const CARDS_JOBS = Symbol('CARDS_JOBS');

/** The monthly fee task: run every day, it charges each payable card once for the current month. */
export const MONTHLY_FEES_TASK = 'cards.monthly_fees';

/**
 * Opens the queue and installs its tables while the module is built (graphile-worker stops a
 * running worker when another schema of the database migrates; see risk-jobs). The fee run is a
 * daily cron entry: a card activated mid-month pays that month on the next run, and a missed run
 * is caught up within a week after downtime.
 */
export async function openCardJobs(pool: Pool, dead_letters: DeadLetters): Promise<JobQueue> {
  const queue = createJobQueue({
    pool,
    schema: 'cards_jobs',
    concurrency: 2,
    poll_interval_ms: 1000,
    dead_letters,
    crontab: [
      {
        task: MONTHLY_FEES_TASK,
        schedule: EVERY_DAY_AT_MIDNIGHT_UTC,
        backfill_period_ms: 7 * 86_400_000,
        max_attempts: 5,
      },
    ],
  });
  await queue.migrate();
  return queue;
}
