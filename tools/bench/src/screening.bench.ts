import 'reflect-metadata';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlatform } from '@platform/all-in-one';
import { startEmbeddedPostgres } from '@platform/persistence';
import { openBenchAccount, poster, startLoadGenerator } from './bench-client';
import { cpuMs } from './process-cpu';
import type { ScreeningLoadPlan, ScreeningLoadResult } from './screening-load';
import { listedParties, sanctionsListCsv, screeningSubjects } from './screening-names';
import { latencies, median, summarize } from './stats';

/**
 * AML screening benchmark. Prints figures, asserts nothing. `POST /v1/aml/screenings` on the
 * all-in-one runtime, twice in each round, with the same subjects: first with the bundled sample
 * lists (8 entries: the baseline, screening that costs next to nothing), then with a sanctions
 * list of BENCH_LIST_ENTRIES made-up entries (a.k.a.s included) in OFAC's SDN CSV format, about
 * the size of the real list. Half the subjects are a listed person with one letter changed, half
 * new names. A load generator in its own process screens BENCH_SEQUENTIAL subjects one at a time
 * (the latency of one screening), then BENCH_REQUESTS under BENCH_CONCURRENCY workers; the
 * platform's CPU per request is its process's CPU over the concurrent run. The figures to quote
 * are the ratios full list / samples printed at the end.
 */
process.env.LOG_LEVEL ??= 'warn';
const LIST_ENTRIES = Number(process.env.BENCH_LIST_ENTRIES ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 55494);

interface Run extends ScreeningLoadResult {
  cpu_ms: number;
}

async function main(): Promise<void> {
  const data_dir = mkdtempSync(path.join(os.tmpdir(), 'bench-screening-'));
  const list_file = path.join(data_dir, 'sdn.csv');
  const parties = listedParties(LIST_ENTRIES);
  writeFileSync(list_file, sanctionsListCsv(parties));
  const subjects = screeningSubjects(WARMUP + SEQUENTIAL + REQUESTS, parties);
  const pg = await startEmbeddedPostgres({ data_dir: path.join(data_dir, 'pg'), port: PG_PORT });
  const generator = startLoadGenerator<ScreeningLoadPlan, ScreeningLoadResult>('screening-load.js');
  const runs = { samples: [] as Run[], full: [] as Run[] };
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const lists of ['samples', 'full'] as const) {
        const settings: Record<string, string> =
          lists === 'full' ? { AML_SANCTIONS_LIST_FILE: list_file } : {};
        runs[lists].push(await measure(generator, subjects, data_dir, pg.admin_url, settings));
      }
    }
  } finally {
    generator.close();
    await pg.stop();
  }
  report(runs);
}

async function measure(
  generator: { run(plan: ScreeningLoadPlan): Promise<ScreeningLoadResult> },
  subjects: string[],
  data_dir: string,
  admin_database_url: string,
  settings: Record<string, string>,
): Promise<Run> {
  const platform = await startPlatform({
    host: '127.0.0.1',
    ports: { test: 0, live: 0 },
    admin_database_url,
    database_prefix: `bench_screening_${Date.now()}`,
    data_dir,
    settings: { RATE_LIMIT_PER_SECOND: 'off', ...settings },
    environments: ['test'],
  });
  try {
    const base_url = platform.environments.test.base_url;
    const { auth } = await openBenchAccount(poster(base_url));
    const plan = (names: string[], sequential: number): ScreeningLoadPlan => ({
      base_url,
      headers: auth,
      subjects: names,
      sequential,
      concurrency: CONCURRENCY,
    });
    await generator.run(plan(subjects.slice(0, WARMUP), 0));
    const sequential = await generator.run(
      plan(subjects.slice(WARMUP, WARMUP + SEQUENTIAL), SEQUENTIAL),
    );
    const cpu_before = process.cpuUsage();
    const concurrent = await generator.run(plan(subjects.slice(WARMUP + SEQUENTIAL), 0));
    const cpu_ms = cpuMs(process.cpuUsage(cpu_before));
    return { ...concurrent, sequential_ms: sequential.sequential_ms, cpu_ms };
  } finally {
    await platform.close();
  }
}

function report(runs: { samples: Run[]; full: Run[] }): void {
  console.log(
    `list of ${LIST_ENTRIES} entries against the 8 samples, ${SEQUENTIAL} screenings one at a ` +
      `time then ${REQUESTS} at concurrency ${CONCURRENCY}, ${ROUNDS} rounds, CPUs ` +
      `${os.cpus().length}, load generator in its own process`,
  );
  const rate = (each: Run[]) =>
    (each.reduce((sum, run) => sum + run.concurrent_ms.length, 0) * 1000) /
    each.reduce((sum, run) => sum + run.concurrent_elapsed_ms, 0);
  const cpu = (each: Run[]) =>
    each.reduce((sum, run) => sum + run.cpu_ms, 0) /
    each.reduce((sum, run) => sum + run.concurrent_ms.length, 0);
  const one_at_a_time = (each: Run[]) => each.flatMap((run) => run.sequential_ms);
  for (const [label, each] of [
    ['samples', runs.samples],
    ['full list', runs.full],
  ] as const) {
    const statuses: Record<string, number> = {};
    for (const run of each)
      for (const [status, count] of Object.entries(run.statuses))
        statuses[status] = (statuses[status] ?? 0) + count;
    console.log(latencies(`${label}: one at a time`, one_at_a_time(each)));
    console.log(
      summarize(
        `${label}: concurrent`,
        each.flatMap((run) => run.concurrent_ms),
        each.reduce((sum, run) => sum + run.concurrent_elapsed_ms, 0),
      ),
    );
    console.log(
      `${label}: Node CPU ${cpu(each).toFixed(2)} ms per screening; outcomes ${JSON.stringify(statuses)}`,
    );
  }
  console.log(
    `full list / samples screenings per second: ${((rate(runs.full) / rate(runs.samples)) * 100).toFixed(0)}%`,
  );
  console.log(
    `full list / samples Node CPU per screening: ${(cpu(runs.full) / cpu(runs.samples)).toFixed(2)}x`,
  );
  console.log(
    `full list / samples median latency one at a time: ${(median(one_at_a_time(runs.full)) / median(one_at_a_time(runs.samples))).toFixed(2)}x`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
