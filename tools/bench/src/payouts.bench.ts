import { expectOk, openBenchAccount, pixPayoutBody, poster } from './bench-client';
import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlatform } from '@platform/all-in-one';
import type { DeliveredMessage } from '@platform/messaging';
import { startEmbeddedPostgres } from '@platform/persistence';
import { percentile, summarize } from './stats';

/**
 * Payouts benchmark (issue 5). Prints figures, asserts nothing. On one all-in-one platform with
 * the sandbox simulator step at 0: payouts created per second through POST /v1/payouts with the
 * request latency (p50/p99) under concurrency, then the time from each create to `completed`
 * (p50/p99), from the request being sent to the `completed` event being delivered: one payout
 * at a time (the lifecycle alone), and under the concurrent load (with the queue of steps).
 */
process.env.LOG_LEVEL ??= 'warn';
const PAYOUTS = Number(process.env.BENCH_PAYOUTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 55491);
const WARMUP_PAYOUTS = Number(process.env.BENCH_WARMUP_PAYOUTS ?? 30);
const SEQUENTIAL_PAYOUTS = Number(process.env.BENCH_SEQUENTIAL_PAYOUTS ?? 100);
const POLL_MS = 5;
const COMPLETION_TIMEOUT_MS = 120_000;

async function main(): Promise<void> {
  const data_dir = mkdtempSync(path.join(os.tmpdir(), 'bench-payouts-'));
  const pg = await startEmbeddedPostgres({ data_dir: path.join(data_dir, 'pg'), port: PG_PORT });
  const platform = await startPlatform({
    host: '127.0.0.1',
    ports: { test: 0, live: 0 },
    admin_database_url: pg.admin_url,
    database_prefix: 'bench_payouts',
    data_dir,
    settings: { RATE_LIMIT_PER_SECOND: 'off', SANDBOX_STEP_MS: '0' },
  });
  try {
    const base = platform.environments.test.base_url;
    const post = poster(base);
    // The demo history (D5) funds the account: 10,100 USD covers the run at ~1 USD a payout.
    const { auth } = await openBenchAccount(post);
    const created_at_ms = new Map<string, number>();
    const create = async (index: number, run: string) => {
      const t0 = performance.now();
      const payout = await expectOk(await post('/v1/payouts', pixPayoutBody(index, run), auth));
      created_at_ms.set(payout.payout_id as string, t0);
      return performance.now() - t0;
    };
    // Completion is timed by the `payout_status_changed` event the platform publishes after commit.
    const completed_at_ms = new Map<string, number>();
    const events = await platform.environments.test.bus.subscribe({
      topics: ['events.payouts'],
      group: `bench-payouts-${Date.now()}`,
      handler: (message: DeliveredMessage) => {
        const { data } = message.payload as { data: { payout_id: string; status: string } };
        if (data.status === 'completed' && !completed_at_ms.has(data.payout_id)) {
          completed_at_ms.set(data.payout_id, performance.now());
        }
        return Promise.resolve();
      },
    });
    const awaitCompleted = async () => {
      const deadline_ms = performance.now() + COMPLETION_TIMEOUT_MS;
      while ([...created_at_ms.keys()].some((payout_id) => !completed_at_ms.has(payout_id))) {
        if (performance.now() > deadline_ms) throw new Error('payouts did not complete in time');
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    };

    // Warm up JIT, pools and caches before measuring.
    for (let index = 0; index < WARMUP_PAYOUTS; index += 1) await create(index, 'warmup');
    await awaitCompleted();
    created_at_ms.clear();
    completed_at_ms.clear();

    // Alone: one payout at a time, so create to completed is the lifecycle without a queue.
    const alone: number[] = [];
    for (let index = 0; index < SEQUENTIAL_PAYOUTS; index += 1) {
      await create(index, 'alone');
      await awaitCompleted();
    }
    for (const [payout_id, sent_ms] of created_at_ms) {
      alone.push((completed_at_ms.get(payout_id) ?? sent_ms) - sent_ms);
    }
    alone.sort((a, b) => a - b);
    created_at_ms.clear();
    completed_at_ms.clear();

    const samples: number[] = [];
    let next = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < PAYOUTS) samples.push(await create(next++, 'run'));
      }),
    );
    const created_ms = performance.now() - start;
    await awaitCompleted();
    await events.close();
    const completed_ms = performance.now() - start;
    const to_completed = [...created_at_ms].map(
      ([payout_id, sent_ms]) => (completed_at_ms.get(payout_id) ?? sent_ms) - sent_ms,
    );
    to_completed.sort((a, b) => a - b);
    console.log(`concurrency ${CONCURRENCY}, CPUs ${os.cpus().length}, SANDBOX_STEP_MS 0`);
    console.log(summarize('POST /v1/payouts (BR pix)', samples, created_ms));
    console.log(
      `create to completed, one at a time: ${alone.length} payouts, p50 ${percentile(alone, 50).toFixed(2)} ms, p99 ${percentile(alone, 99).toFixed(2)} ms (request sent to completed event)`,
    );
    console.log(
      `create to completed, under the concurrent load: ${to_completed.length} payouts, p50 ${percentile(to_completed, 50).toFixed(2)} ms, p99 ${percentile(to_completed, 99).toFixed(2)} ms`,
    );
    console.log(
      `created and completed: ${PAYOUTS} payouts in ${completed_ms.toFixed(0)} ms = ${((PAYOUTS / completed_ms) * 1000).toFixed(0)}/s`,
    );
  } finally {
    await platform.close();
    await pg.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
