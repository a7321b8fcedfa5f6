import { createJobQueue, type JobQueue } from '@platform/jobs';
import type { Pool } from 'pg';

export const COMPLIANCE_JOBS = Symbol('COMPLIANCE_JOBS');

/**
 * Compliance's durable jobs (`compliance_jobs` schema): the steps of a submission's checks and
 * the announcements of its status to identity. A job added in a transaction exists only if the
 * transaction commits, so a decision and its announcement never part.
 */
export function openComplianceJobs(pool: Pool, step_ms: number): JobQueue {
  return createJobQueue({
    pool,
    schema: 'compliance_jobs',
    concurrency: 2,
    // Delayed steps are found by polling: about one step, between 50 ms and 2 s.
    poll_interval_ms: Math.max(50, Math.min(2000, step_ms)),
  });
}
