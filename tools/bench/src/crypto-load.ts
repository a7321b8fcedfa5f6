import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { callJson, serveLoads } from './bench-client';

/**
 * The crypto benchmark's load generator, in its own process (`fork` from `crypto.bench.ts`), so
 * that its HTTP client work is not counted against the server it measures. It drives one target
 * (the platform or the bare baseline) through the same routes and prints one JSON line:
 * 1. BENCH deposits sandbox deposits to one deposit address at `concurrency`, and measures from
 *    the first request to the moment the balance shows all of them credited;
 * 2. withdrawals: each worker creates a withdrawal and polls it until it is final, for the
 *    create-to-completed latency of each, under `concurrency` workers at once.
 */
export interface LoadPlan {
  base_url: string;
  headers: Record<string, string>;
  address: string;
  to_address: string;
  deposits: number;
  withdrawals: number;
  concurrency: number;
  poll_ms: number;
}

export interface LoadResult {
  deposits_elapsed_ms: number;
  withdrawal_latencies_ms: number[];
  withdrawals_elapsed_ms: number;
  failed_withdrawals: number;
}

const DEPOSIT_AMOUNT = '25.00';
const WITHDRAWAL_AMOUNT = '2.00';

const call = (plan: LoadPlan, method: string, route: string, body?: unknown) =>
  callJson(plan, method, route, body);

async function availableUsdt(plan: LoadPlan): Promise<Big> {
  const sheet = await call(plan, 'GET', '/v1/balances');
  const row = (sheet.balances as { asset: string; available: string }[]).find(
    (balance) => balance.asset === 'USDT',
  );
  return new Big(row?.available ?? '0');
}

async function workers(concurrency: number, count: number, work: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

async function run(plan: LoadPlan): Promise<LoadResult> {
  const before = await availableUsdt(plan);
  const expected = before.plus(new Big(DEPOSIT_AMOUNT).times(plan.deposits));
  const deposits_start = performance.now();
  await workers(plan.concurrency, plan.deposits, async () => {
    await call(plan, 'POST', '/v1/sandbox/crypto/deposits', {
      address: plan.address,
      amount: DEPOSIT_AMOUNT,
    });
  });
  while ((await availableUsdt(plan)).lt(expected)) await sleep(plan.poll_ms);
  const deposits_elapsed_ms = performance.now() - deposits_start;

  const withdrawal_latencies_ms: number[] = [];
  let failed_withdrawals = 0;
  const withdrawals_start = performance.now();
  await workers(plan.concurrency, plan.withdrawals, async () => {
    const started = performance.now();
    const created = await call(plan, 'POST', '/v1/crypto/withdrawals', {
      chain: 'tron',
      asset: 'USDT',
      amount: WITHDRAWAL_AMOUNT,
      to_address: plan.to_address,
      idempotency_key: randomUUID(),
    });
    for (;;) {
      const seen = await call(plan, 'GET', `/v1/crypto/withdrawals/${created.withdrawal_id}`);
      if (seen.status === 'completed' || seen.status === 'failed') {
        if (seen.status === 'failed') failed_withdrawals += 1;
        break;
      }
      await sleep(plan.poll_ms);
    }
    withdrawal_latencies_ms.push(performance.now() - started);
  });
  return {
    deposits_elapsed_ms,
    withdrawal_latencies_ms,
    withdrawals_elapsed_ms: performance.now() - withdrawals_start,
    failed_withdrawals,
  };
}

if (require.main === module) serveLoads(run);
