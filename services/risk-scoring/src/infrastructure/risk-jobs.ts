import { createJobQueue, type JobQueue } from '@platform/jobs';
import type { DeadLetters } from '@platform/persistence';
import type { Pool } from 'pg';

/** The service's one durable job queue (`risk_scoring_jobs` schema): every part's tasks run on it. */
export const RISK_JOBS = Symbol('RISK_JOBS');

export function openRiskJobs(pool: Pool, dead_letters: DeadLetters): JobQueue {
  return createJobQueue({
    pool,
    schema: 'risk_scoring_jobs',
    concurrency: 4,
    poll_interval_ms: 500,
    dead_letters,
  });
}
