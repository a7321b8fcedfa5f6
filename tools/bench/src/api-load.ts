import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import { bankTransferPayinBody, pixPayoutBody, serveLoads } from './bench-client';
import { latencyMs, timedFromMs, waitBeforeMs, type Pace } from './pacing';
import { cpuMs } from './process-cpu';

/**
 * The load generator of `api.bench.ts`, in its own process (`startLoadGenerator`, one for every
 * run of the benchmark), so its client work is not counted against the server it measures.
 * `concurrency` workers send `requests` POSTs of one kind with undici, each with a new idempotency
 * key; worker `i` pays as `payers[i % payers.length]` through `targets[i % targets.length]`
 * (several gateways share the load). With `pace`, the load is an open loop instead (`pacing.ts`):
 * request `n` is due at `n / rate` seconds, sent by whichever of the `concurrency` workers is free,
 * and timed from when it was due. Every answer must be a 2xx; the first refusal is sent back with
 * the count of refusals.
 */
export type ApiKind = 'transfers' | 'payouts' | 'payins';

export interface ApiLoadPlan {
  kind: ApiKind;
  targets: string[];
  /** Each payer's `Authorization` header value. */
  payers: string[];
  /** The payees of the transfers: worker `i` pays `recipients[i % recipients.length]`. */
  recipients: string[];
  requests: number;
  concurrency: number;
  /** An open loop at this rate, with at most `concurrency` requests in flight; closed when absent. */
  pace?: Pace;
  /** Makes this run's idempotency keys its own. */
  run: string;
}

export interface ApiLoadResult {
  samples_ms: number[];
  /** When each sample's timing began (`timedFromMs`), ms after the run started. */
  began_ms: number[];
  elapsed_ms: number;
  failures: number;
  first_failure?: string;
  /**
   * Per payout or payin created: its id and when its request was sent (epoch ms,
   * sub-millisecond), to time it to its completion or credit.
   */
  created: { id: string; sent_at_ms: number }[];
  /** The generator's own CPU time in the run's first second, and in the whole run. */
  generator_cpu_ms: { first_second: number; total: number };
}

/** The request body of the `index`th request of the run. */
function bodyOf(plan: ApiLoadPlan, index: number, worker: number): Record<string, unknown> {
  const idempotency_key = `bench-${plan.run}-${index}-${randomUUID()}`;
  if (plan.kind === 'transfers') {
    const recipient = plan.recipients[worker % plan.recipients.length];
    return { recipient, asset: 'USD', amount: '0.01', idempotency_key };
  }
  if (plan.kind === 'payouts') return { ...pixPayoutBody(index, plan.run), idempotency_key };
  return { ...bankTransferPayinBody(index), idempotency_key };
}

const epochNow = () => performance.timeOrigin + performance.now();

/** Connections each target's pool opens: one per worker that sends to it. */
function connectionsPerTarget(plan: ApiLoadPlan): number {
  return Math.ceil(plan.concurrency / plan.targets.length);
}

/**
 * Opens every connection of the pools before the run, untimed, as a client's pool of kept-alive
 * connections is open: the run times requests, not the opening of up to 64 connections at once.
 */
async function openConnections(pools: readonly Pool[], plan: ApiLoadPlan): Promise<void> {
  await Promise.all(
    pools.flatMap((pool) =>
      Array.from({ length: connectionsPerTarget(plan) }, async () => {
        const response = await pool.request({ method: 'GET', path: '/healthz' });
        await response.body.dump();
      }),
    ),
  );
}

async function run(plan: ApiLoadPlan): Promise<ApiLoadResult> {
  const pools = plan.targets.map(
    (target) => new Pool(target, { connections: connectionsPerTarget(plan) }),
  );
  await openConnections(pools, plan);
  const result: ApiLoadResult = {
    samples_ms: [],
    began_ms: [],
    elapsed_ms: 0,
    failures: 0,
    created: [],
    generator_cpu_ms: { first_second: 0, total: 0 },
  };
  let next = 0;
  const start = performance.now();
  const cpu_start = process.cpuUsage();
  const first_second = setTimeout(() => {
    result.generator_cpu_ms.first_second = cpuMs(process.cpuUsage(cpu_start));
  }, 1_000);
  await Promise.all(
    Array.from({ length: plan.concurrency }, async (_, worker) => {
      const pool = pools[worker % pools.length]!;
      const authorization = plan.payers[worker % plan.payers.length]!;
      for (let index = next++; index < plan.requests; index = next++) {
        const body = JSON.stringify(bodyOf(plan, index, worker));
        const wait_ms = plan.pace ? waitBeforeMs(plan.pace, index, performance.now() - start) : 0;
        if (wait_ms > 0) await sleep(wait_ms);
        const sent_at_ms = epochNow();
        const sent_ms = performance.now() - start;
        const response = await pool.request({
          method: 'POST',
          path: `/v1/${plan.kind}`,
          headers: { 'content-type': 'application/json', authorization },
          body,
        });
        const answer = (await response.body.json()) as Record<string, unknown>;
        result.samples_ms.push(latencyMs(plan.pace, index, sent_ms, performance.now() - start));
        result.began_ms.push(timedFromMs(plan.pace, index, sent_ms));
        if (response.statusCode >= 300) {
          result.failures += 1;
          result.first_failure ??= `${response.statusCode} ${JSON.stringify(answer)}`;
        } else if (plan.kind !== 'transfers') {
          const id = plan.kind === 'payouts' ? answer.payout_id : answer.payin_id;
          result.created.push({ id: id as string, sent_at_ms });
        }
      }
    }),
  );
  result.elapsed_ms = performance.now() - start;
  result.generator_cpu_ms.total = cpuMs(process.cpuUsage(cpu_start));
  clearTimeout(first_second);
  await Promise.all(pools.map((pool) => pool.close()));
  return result;
}

if (require.main === module) serveLoads(run);
