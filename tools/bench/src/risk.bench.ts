import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlatform } from '@platform/all-in-one';
import { createPool, ensureDatabase, startEmbeddedPostgres } from '@platform/persistence';
import { forkLoad, openBenchAccount, poster } from './bench-client';
import { startRiskBaseline } from './risk-baseline';
import type { RiskLoadPlan, RiskLoadResult } from './risk-load';
import { latencies, median, summarize } from './stats';

/**
 * Credit-scoring benchmark (issue 16). Prints figures, asserts nothing. One all-in-one platform
 * and, on the same PostgreSQL server, the bare baseline of `risk-baseline.ts` doing the same
 * durable work with nothing else. A load generator in its own process drives each in turn,
 * BENCH_ROUNDS rounds of platform then baseline, with the same plan:
 * - one batch of BENCH_BATCH company subjects end to end: subjects per second from the POST
 *   until a poll every BENCH_POLL_MS sees it completed;
 * - report creation latency (p50/p90/p99): BENCH_REPORTS requests one at a time, then as many
 *   again under BENCH_CONCURRENCY workers.
 * The figures to quote are the ratios platform / baseline printed at the end.
 */
process.env.LOG_LEVEL ??= 'warn';
const BATCH = Number(process.env.BENCH_BATCH ?? 5000);
const REPORTS = Number(process.env.BENCH_REPORTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 50);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 55491);

const load = (plan: RiskLoadPlan) => forkLoad<RiskLoadPlan, RiskLoadResult>('risk-load.js', plan);

async function main(): Promise<void> {
  const data_dir = mkdtempSync(path.join(os.tmpdir(), 'bench-risk-'));
  const pg = await startEmbeddedPostgres({ data_dir: path.join(data_dir, 'pg'), port: PG_PORT });
  const platform = await startPlatform({
    host: '127.0.0.1',
    ports: { test: 0, live: 0 },
    admin_database_url: pg.admin_url,
    database_prefix: 'bench_risk',
    data_dir,
    settings: { RATE_LIMIT_PER_SECOND: 'off' },
  });
  const baseline_pool = createPool({
    url: await ensureDatabase(pg.admin_url, 'bench_risk_baseline'),
    max_connections: 10,
  });
  const baseline = await startRiskBaseline(baseline_pool);
  try {
    const base = platform.environments.test.base_url;
    const { auth } = await openBenchAccount(poster(base));
    const plan = (base_url: string, headers: Record<string, string>, round: number) => ({
      base_url,
      headers,
      batch_size: BATCH,
      reports: REPORTS,
      concurrency: CONCURRENCY,
      poll_ms: POLL_MS,
      first_subject: 1_000_000 + round * (BATCH + REPORTS) * 4,
    });
    const platform_runs: RiskLoadResult[] = [];
    const baseline_runs: RiskLoadResult[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      platform_runs.push(await load(plan(base, auth, round)));
      baseline_runs.push(await load(plan(baseline.base_url, {}, round)));
    }
    report(platform_runs, baseline_runs);
  } finally {
    await baseline.close();
    await baseline_pool.end();
    await platform.close();
    await pg.stop();
  }
}

function report(platform_runs: RiskLoadResult[], baseline_runs: RiskLoadResult[]): void {
  console.log(
    `batch of ${BATCH} subjects, ${REPORTS} reports sequential then ${REPORTS} at concurrency ` +
      `${CONCURRENCY}, CPUs ${os.cpus().length}, ${ROUNDS} rounds of platform then baseline, ` +
      'load generator in its own process',
  );
  const rate = (runs: RiskLoadResult[]) =>
    (runs.length * BATCH * 1000) / runs.reduce((sum, run) => sum + run.batch_elapsed_ms, 0);
  const sequential = (runs: RiskLoadResult[]) => runs.flatMap((run) => run.sequential_ms);
  const concurrent = (runs: RiskLoadResult[]) => runs.flatMap((run) => run.concurrent_ms);
  const elapsed = (runs: RiskLoadResult[]) =>
    runs.reduce((sum, run) => sum + run.concurrent_elapsed_ms, 0);
  for (const [label, runs] of [
    ['platform', platform_runs],
    ['baseline', baseline_runs],
  ] as const) {
    const completed = runs.reduce((sum, run) => sum + run.batch_completed, 0);
    console.log(
      `${label}: batch end to end ${rate(runs).toFixed(0)} subjects/s (${completed} reports)`,
    );
    console.log(latencies(`${label}: report creation, one at a time`, sequential(runs)));
    console.log(
      summarize(`${label}: report creation, concurrent`, concurrent(runs), elapsed(runs)),
    );
  }
  console.log(
    `platform / baseline batch subjects per second: ${((rate(platform_runs) / rate(baseline_runs)) * 100).toFixed(0)}%`,
  );
  console.log(
    `platform / baseline median report latency, one at a time: ${(median(sequential(platform_runs)) / median(sequential(baseline_runs))).toFixed(2)}x`,
  );
  console.log(
    `platform / baseline median report latency, concurrent: ${(median(concurrent(platform_runs)) / median(concurrent(baseline_runs))).toFixed(2)}x`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
