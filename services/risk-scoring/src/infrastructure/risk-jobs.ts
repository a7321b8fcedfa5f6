import { createJobQueue, type JobQueue } from '@platform/jobs';
import type { DeadLetters } from '@platform/persistence';
import type { Pool } from 'pg';

/** The service's one durable job queue (`risk_scoring_jobs` schema): every part's tasks run on it. */
export const RISK_JOBS = Symbol('RISK_JOBS');

/**
 * Opens the queue and installs its tables at once, while the module is being built: graphile-worker
 * announces a new schema's migration to every worker of the database (its NOTIFY channel is not
 * per schema) and a running worker stops on it, so the tables must exist before any service's
 * worker starts (workers start on application bootstrap, after every module is built).
 */
export async function openRiskJobs(pool: Pool, dead_letters: DeadLetters): Promise<JobQueue> {
  const queue = createJobQueue({
    pool,
    schema: 'risk_scoring_jobs',
    concurrency: 4,
    poll_interval_ms: 500,
    dead_letters,
  });
  await queue.migrate();
  return queue;
}
