import { bankTransferPayinBody, expectOk, openBenchAccount, poster } from './bench-client';
import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlatform } from '@platform/all-in-one';
import { startEmbeddedPostgres } from '@platform/persistence';
import { summarize } from './stats';

/**
 * Payins benchmark (issue 6). Prints figures, asserts nothing. On one all-in-one platform with
 * the sandbox simulator step at 0: POST /v1/payins latency (p50/p99) under concurrency, then
 * payins created and credited per second (from the first create to the last credit).
 */
process.env.LOG_LEVEL ??= 'warn';
const PAYINS = Number(process.env.BENCH_PAYINS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 55489);

async function main(): Promise<void> {
  const data_dir = mkdtempSync(path.join(os.tmpdir(), 'bench-payins-'));
  const pg = await startEmbeddedPostgres({ data_dir: path.join(data_dir, 'pg'), port: PG_PORT });
  const platform = await startPlatform({
    host: '127.0.0.1',
    ports: { test: 0, live: 0 },
    admin_database_url: pg.admin_url,
    database_prefix: 'bench_payins',
    data_dir,
    settings: { RATE_LIMIT_PER_SECOND: 'off', SANDBOX_STEP_MS: '0', PAYINS_POLL_MS: '10' },
  });
  try {
    const base = platform.environments.test.base_url;
    const post = poster(base);
    const { auth } = await openBenchAccount(post);
    const create = async (index: number) => {
      await expectOk(await post('/v1/payins', bankTransferPayinBody(index), auth));
    };
    const pending = async () => {
      const response = await fetch(`${base}/v1/payins?status=pending&page_size=1`, {
        headers: auth,
      });
      return ((await expectOk(response)).payins as unknown[]).length;
    };
    // Warm up JIT, pools and caches before measuring.
    for (let index = 0; index < 50; index += 1) await create(index);
    while ((await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 20));

    const samples: number[] = [];
    let next = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < PAYINS) {
          const index = next++;
          const t0 = performance.now();
          await create(index);
          samples.push(performance.now() - t0);
        }
      }),
    );
    const created_ms = performance.now() - start;
    while ((await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const credited_ms = performance.now() - start;
    console.log(`concurrency ${CONCURRENCY}, CPUs ${os.cpus().length}, SANDBOX_STEP_MS 0`);
    console.log(summarize('POST /v1/payins (bank_transfer)', samples, created_ms));
    console.log(
      `created and credited: ${PAYINS} payins in ${credited_ms.toFixed(0)} ms = ${((PAYINS / credited_ms) * 1000).toFixed(0)}/s`,
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
