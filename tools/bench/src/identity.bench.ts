import { BENCH_PASSWORD, expectOk, openBenchAccount, poster } from './bench-client';
import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlatform } from '@platform/all-in-one';
import { startEmbeddedPostgres } from '@platform/persistence';
import { latencies, summarize } from './stats';

/**
 * Identity benchmarks (issue 3). Prints figures, asserts nothing. On one all-in-one platform:
 * unauthenticated GET /healthz beside an authenticated GET /v1/me with a session JWT and with an
 * API key (the ratios are the cost of authentication), then logins per second (Argon2id bound),
 * then registration with a new email beside one with a taken email (the anti-enumeration rule of
 * spec §2: the same answer in the same time; the two are interleaved one at a time so that load
 * falls on both alike).
 */
process.env.LOG_LEVEL ??= 'warn';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 200);
const REGISTRATIONS = Number(process.env.BENCH_REGISTRATIONS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

interface Run {
  samples: number[];
  elapsed_ms: number;
}

async function timed(count: number, op: () => Promise<void>): Promise<Run> {
  const samples: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < count) {
        const t0 = performance.now();
        await op();
        samples.push(performance.now() - t0);
      }
    }),
  );
  return { samples, elapsed_ms: performance.now() - start };
}

async function main(): Promise<void> {
  const data_dir = mkdtempSync(path.join(os.tmpdir(), 'bench-identity-'));
  const pg = await startEmbeddedPostgres({ data_dir: path.join(data_dir, 'pg'), port: 55499 });
  const platform = await startPlatform({
    host: '127.0.0.1',
    ports: { test: 0, live: 0 },
    admin_database_url: pg.admin_url,
    database_prefix: 'bench_identity',
    data_dir,
    settings: { RATE_LIMIT_PER_SECOND: 'off' },
  });
  try {
    const base = platform.environments.test.base_url;
    const post = poster(base);
    const password = BENCH_PASSWORD;
    const { email, auth: jwt } = await openBenchAccount(post);
    const key = (await expectOk(await post('/v1/api-keys', { label: 'bench' }, jwt))) as {
      token: string;
    };
    const get =
      (route: string, headers: Record<string, string> = {}) =>
      async () => {
        const response = await fetch(`${base}${route}`, { headers });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${route}: ${response.status}`);
      };
    // Warm up JIT, pools and caches before measuring.
    await timed(300, get('/v1/me', jwt));
    const health = await timed(REQUESTS, get('/healthz'));
    const me_jwt = await timed(REQUESTS, get('/v1/me', jwt));
    const me_key = await timed(REQUESTS, get('/v1/me', { 'x-api-key': key.token }));
    const logins = await timed(LOGINS, async () => {
      await expectOk(await post('/v1/auth/login', { org: 'demo', email, password }));
    });
    const registrations = await registrationTimings(post, email);
    const rate = (run: Run) => run.samples.length / run.elapsed_ms;
    console.log(`concurrency ${CONCURRENCY}, CPUs ${os.cpus().length}`);
    console.log(summarize('GET /healthz (no credential)', health.samples, health.elapsed_ms));
    console.log(summarize('GET /v1/me with a session JWT', me_jwt.samples, me_jwt.elapsed_ms));
    console.log(summarize('GET /v1/me with an API key', me_key.samples, me_key.elapsed_ms));
    console.log(summarize('POST /v1/auth/login (Argon2id)', logins.samples, logins.elapsed_ms));
    console.log(latencies('POST /v1/auth/register, new email', registrations.fresh));
    console.log(latencies('POST /v1/auth/register, taken email', registrations.taken));
    console.log(
      `authenticated/unauthenticated throughput: JWT ${((rate(me_jwt) / rate(health)) * 100).toFixed(0)}%, API key ${((rate(me_key) / rate(health)) * 100).toFixed(0)}%`,
    );
  } finally {
    await platform.close();
    await pg.stop();
  }
}

type Post = (route: string, body: unknown) => Promise<Response>;

/** New and taken emails alternately, one request at a time: both answers must be alike. */
async function registrationTimings(
  post: Post,
  taken_email: string,
): Promise<{ fresh: number[]; taken: number[] }> {
  const fresh: number[] = [];
  const taken: number[] = [];
  const register = async (email: string, samples: number[]) => {
    const body = {
      org: 'demo',
      type: 'person',
      email,
      password: 'another long one',
      display_name: 'B',
    };
    const t0 = performance.now();
    const response = await post('/v1/auth/register', body);
    await response.arrayBuffer();
    samples.push(performance.now() - t0);
    if (response.status !== 201) throw new Error(`register: ${response.status}`);
  };
  for (let i = 0; i < REGISTRATIONS; i++) {
    await register(`bench-new-${Date.now()}-${i}@example.com`, fresh);
    await register(taken_email, taken);
  }
  return { fresh, taken };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
