import { createJobQueue, type JobQueue } from '@platform/jobs';
import type { DeadLetters } from '@platform/persistence';
import type { Pool } from 'pg';

/** The service's durable job queue (`banking_jobs` schema): the sandbox bank's steps. */
export const BANKING_JOBS = Symbol('BANKING_JOBS');

/**
 * Opens the queue and installs its tables while the module is built, before any worker of the
 * database starts (graphile-worker announces a schema's migration to every worker).
 */
export async function openBankingJobs(pool: Pool, dead_letters: DeadLetters): Promise<JobQueue> {
  const queue = createJobQueue({
    pool,
    schema: 'banking_jobs',
    concurrency: 4,
    poll_interval_ms: 200,
    dead_letters,
  });
  await queue.migrate();
  return queue;
}
