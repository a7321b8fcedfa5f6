import { createJobQueue, type JobQueue } from '@platform/jobs';
import type { Pool } from 'pg';

export const COMPLIANCE_JOBS = Symbol('COMPLIANCE_JOBS');

const MIN_POLL_INTERVAL_MS = 50;
const MAX_POLL_INTERVAL_MS = 2000;

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
    poll_interval_ms: pollIntervalOf(step_ms),
  });
}

/**
 * Delayed steps are found by polling: about one step, between 50 ms and 2 s. With no step time
 * (SANDBOX_STEP_MS=0) every step is due when added, and its NOTIFY wakes a worker: polling is
 * then only for retries, and every 50 ms would have cost 20 queries a second for nothing.
 */
export function pollIntervalOf(step_ms: number): number {
  if (step_ms <= 0) return MAX_POLL_INTERVAL_MS;
  return Math.max(MIN_POLL_INTERVAL_MS, Math.min(MAX_POLL_INTERVAL_MS, step_ms));
}
