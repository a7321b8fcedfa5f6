import { randomUUID } from 'node:crypto';
import { callJson, serveLoads } from './bench-client';

/**
 * The screening benchmark's load generator, in its own process (`screening.bench.ts` starts it),
 * so its HTTP client work is not counted against the platform it measures: `sequential` subjects
 * screened one at a time (each request's latency with nothing else in flight), then the rest under
 * `concurrency` workers.
 */
export interface ScreeningLoadPlan {
  base_url: string;
  headers: Record<string, string>;
  subjects: string[];
  sequential: number;
  concurrency: number;
}

export interface ScreeningLoadResult {
  sequential_ms: number[];
  concurrent_ms: number[];
  concurrent_elapsed_ms: number;
  /** How many screenings answered each status. */
  statuses: Record<string, number>;
}

async function run(plan: ScreeningLoadPlan): Promise<ScreeningLoadResult> {
  const statuses: Record<string, number> = {};
  const screen = async (name: string): Promise<number> => {
    const started = performance.now();
    const screening = await callJson(plan, 'POST', '/v1/aml/screenings', {
      idempotency_key: randomUUID(),
      subject: { type: 'person', name, country: 'BO' },
    });
    const elapsed_ms = performance.now() - started;
    const status = String(screening.status);
    statuses[status] = (statuses[status] ?? 0) + 1;
    return elapsed_ms;
  };
  const sequential_ms: number[] = [];
  for (const name of plan.subjects.slice(0, plan.sequential))
    sequential_ms.push(await screen(name));
  const queue = plan.subjects.slice(plan.sequential);
  const concurrent_ms: number[] = [];
  const concurrent_start = performance.now();
  await Promise.all(
    Array.from({ length: plan.concurrency }, async () => {
      for (let name = queue.shift(); name !== undefined; name = queue.shift())
        concurrent_ms.push(await screen(name));
    }),
  );
  return {
    sequential_ms,
    concurrent_ms,
    concurrent_elapsed_ms: performance.now() - concurrent_start,
    statuses,
  };
}

if (require.main === module) serveLoads(run);
