import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlatform } from '@platform/all-in-one';
import { createPool, ensureDatabase, startEmbeddedPostgres } from '@platform/persistence';
import { expectOk, forkLoad, openBenchAccount, poster } from './bench-client';
import { startBaseline } from './crypto-baseline';
import type { LoadPlan, LoadResult } from './crypto-load';
import { latencies, summarize } from './stats';

/**
 * Crypto benchmark (issue 15). Prints figures, asserts nothing. One all-in-one platform and, on
 * the same PostgreSQL server, the bare baseline of `crypto-baseline.ts` doing the same durable
 * work with nothing else. A load generator in its own process drives each in turn, BENCH_ROUNDS
 * rounds of platform then baseline, with the same plan:
 * - sandbox deposits credited per second: BENCH_DEPOSITS deposits at BENCH_CONCURRENCY, from
 *   the first request until the balance shows them all credited (blocks every
 *   BENCH_STEP_MS, BENCH_CONFIRMATIONS confirmations, the same on both sides);
 * - withdrawal create-to-completed latency (p50/p90/p99) of BENCH_WITHDRAWALS withdrawals under
 *   BENCH_CONCURRENCY workers, each polling its withdrawal every BENCH_POLL_MS.
 * The figures to quote are the ratios platform / baseline printed at the end.
 */
process.env.LOG_LEVEL ??= 'warn';
const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? 400);
const WITHDRAWALS = Number(process.env.BENCH_WITHDRAWALS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const STEP_MS = Number(process.env.BENCH_STEP_MS ?? 50);
const CONFIRMATIONS = Number(process.env.BENCH_CONFIRMATIONS ?? 2);
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 10);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 55490);
/** A valid testnet TRON address that no screening list flags. */
const DESTINATION = 'TJAAinkKN2h9KxtBZXw6SyL7HwCQXnzFsE';

const load = (plan: LoadPlan) => forkLoad<LoadPlan, LoadResult>('crypto-load.js', plan);

async function main(): Promise<void> {
  const data_dir = mkdtempSync(path.join(os.tmpdir(), 'bench-crypto-'));
  const pg = await startEmbeddedPostgres({ data_dir: path.join(data_dir, 'pg'), port: PG_PORT });
  const platform = await startPlatform({
    host: '127.0.0.1',
    ports: { test: 0, live: 0 },
    admin_database_url: pg.admin_url,
    database_prefix: 'bench_crypto',
    data_dir,
    settings: { RATE_LIMIT_PER_SECOND: 'off', SANDBOX_STEP_MS: String(STEP_MS) },
  });
  const baseline_pool = createPool({
    url: await ensureDatabase(pg.admin_url, 'bench_crypto_baseline'),
    max_connections: 10,
  });
  const baseline = await startBaseline({
    pool: baseline_pool,
    step_ms: STEP_MS,
    confirmations: CONFIRMATIONS,
    withdrawal_fee: '1.00',
  });
  try {
    const base = platform.environments.test.base_url;
    const post = poster(base);
    const { auth } = await openBenchAccount(post);
    const wallet = await expectOk(
      await post('/v1/crypto/wallets', { chain: 'tron', asset: 'USDT' }, auth),
    );
    const plan = (
      base_url: string,
      headers: Record<string, string>,
      address: string,
    ): LoadPlan => ({
      base_url,
      headers,
      address,
      to_address: DESTINATION,
      deposits: DEPOSITS,
      withdrawals: WITHDRAWALS,
      concurrency: CONCURRENCY,
      poll_ms: POLL_MS,
    });
    const platform_runs: LoadResult[] = [];
    const baseline_runs: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      platform_runs.push(await load(plan(base, auth, wallet.address as string)));
      baseline_runs.push(await load(plan(baseline.base_url, {}, 'baseline-address')));
    }
    report(platform_runs, baseline_runs);
  } finally {
    await baseline.close();
    await baseline_pool.end();
    await platform.close();
    await pg.stop();
  }
}

function report(platform_runs: LoadResult[], baseline_runs: LoadResult[]): void {
  console.log(
    `concurrency ${CONCURRENCY}, CPUs ${os.cpus().length}, block every ${STEP_MS} ms, ` +
      `${CONFIRMATIONS} confirmations, ${ROUNDS} rounds of platform then baseline, load generator in its own process`,
  );
  const deposits_rate = (runs: LoadResult[]) =>
    (runs.length * DEPOSITS * 1000) / runs.reduce((sum, run) => sum + run.deposits_elapsed_ms, 0);
  const all = (runs: LoadResult[]) => runs.flatMap((run) => run.withdrawal_latencies_ms);
  const elapsed = (runs: LoadResult[]) =>
    runs.reduce((sum, run) => sum + run.withdrawals_elapsed_ms, 0);
  for (const [label, runs] of [
    ['platform', platform_runs],
    ['baseline', baseline_runs],
  ] as const) {
    console.log(`${label}: sandbox deposits credited ${deposits_rate(runs).toFixed(0)}/s`);
    console.log(latencies(`${label}: withdrawal create-to-completed`, all(runs)));
    console.log(summarize(`${label}: withdrawals completed`, all(runs), elapsed(runs)));
    const failed = runs.reduce((sum, run) => sum + run.failed_withdrawals, 0);
    if (failed > 0) console.log(`${label}: ${failed} withdrawals failed`);
  }
  const median = (samples: number[]) =>
    [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? 0;
  console.log(
    `platform / baseline deposits credited per second: ${((deposits_rate(platform_runs) / deposits_rate(baseline_runs)) * 100).toFixed(0)}%`,
  );
  console.log(
    `platform / baseline median withdrawal latency: ${(median(all(platform_runs)) / median(all(baseline_runs))).toFixed(2)}x`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
