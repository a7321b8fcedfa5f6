import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { companySubjects } from './risk-subjects';
import { callJson, serveLoads } from './bench-client';

/**
 * The risk benchmark's load generator, in its own process (`fork` from `risk.bench.ts`), so its
 * HTTP client work is not counted against the server it measures. It drives one target (the
 * platform or the bare baseline) through the same routes and sends back one result:
 * 1. one batch of `batch_size` company subjects, from the POST until a poll every `poll_ms`
 *    sees it completed (subjects per second);
 * 2. `reports` report creations one at a time, then as many again under `concurrency` workers
 *    (latency of each request).
 */
export interface RiskLoadPlan {
  base_url: string;
  headers: Record<string, string>;
  batch_size: number;
  reports: number;
  concurrency: number;
  poll_ms: number;
  /** Where this round's CUIT numbers start, so rounds never repeat a subject. */
  first_subject: number;
}

export interface RiskLoadResult {
  batch_elapsed_ms: number;
  batch_completed: number;
  sequential_ms: number[];
  concurrent_ms: number[];
  concurrent_elapsed_ms: number;
}

const call = (plan: RiskLoadPlan, method: string, route: string, body?: unknown) =>
  callJson(plan, method, route, body);

async function timedReport(plan: RiskLoadPlan, subject: object): Promise<number> {
  const started = performance.now();
  await call(plan, 'POST', '/v1/qscore/reports', {
    ...subject,
    purpose: 'supplier_onboarding',
    idempotency_key: randomUUID(),
  });
  return performance.now() - started;
}

async function run(plan: RiskLoadPlan): Promise<RiskLoadResult> {
  const items = companySubjects(plan.batch_size, plan.first_subject);
  const batch_start = performance.now();
  const created = await call(plan, 'POST', '/v1/qscore/batches', { items });
  let batch = created;
  while (batch.status !== 'completed' && batch.status !== 'failed') {
    await sleep(plan.poll_ms);
    batch = await call(plan, 'GET', `/v1/qscore/batches/${created.batch_id}`);
  }
  const batch_elapsed_ms = performance.now() - batch_start;

  const subjects = companySubjects(plan.reports * 2, plan.first_subject + plan.batch_size * 2);
  const sequential_ms: number[] = [];
  for (const subject of subjects.slice(0, plan.reports))
    sequential_ms.push(await timedReport(plan, subject));
  const concurrent_ms: number[] = [];
  const queue = subjects.slice(plan.reports);
  const concurrent_start = performance.now();
  await Promise.all(
    Array.from({ length: plan.concurrency }, async () => {
      for (let subject = queue.shift(); subject; subject = queue.shift())
        concurrent_ms.push(await timedReport(plan, subject));
    }),
  );
  return {
    batch_elapsed_ms,
    batch_completed: Number(batch.counts?.completed ?? batch.processed),
    sequential_ms,
    concurrent_ms,
    concurrent_elapsed_ms: performance.now() - concurrent_start,
  };
}

if (require.main === module) serveLoads(run);
