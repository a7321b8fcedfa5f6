import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { startPlatform } from '@platform/all-in-one';
import { startEmbeddedPostgres } from '@platform/persistence';
import { percentile, summarize } from './stats';

/**
 * Ledger benchmarks (issue 4). Prints figures, asserts nothing. On one all-in-one platform and
 * its PostgreSQL server: internal transfers committed per second with p50/p99 latency
 * 1. through the ledger command path (`ledger.transfer_funds` over the in-process bus: load,
 *    decide, append both streams with optimistic concurrency, hash chain),
 * 2. as raw SQL on the same server (one transaction: insert a transfer row, debit with a
 *    non-negative check, credit), the floor the ledger's design is measured against,
 * 3. through `POST /v1/transfers` (authentication, validation, recipient resolution,
 *    idempotency record, ledger, public record), saturated at BENCH_CONCURRENCY, then at each
 *    concurrency of BENCH_HTTP_SWEEP: the highest rate whose p99 stays under 50 ms is the figure.
 * Each concurrent worker pays from its own account (over HTTP, all to one payee), so the command
 * path and raw figures measure the path, not one account's lock. BENCH_PG_PORT moves the
 * embedded PostgreSQL server off its default port.
 */
process.env.LOG_LEVEL ??= 'warn';
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 2000);
const HTTP_TRANSFERS = Number(process.env.BENCH_HTTP_TRANSFERS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
/** HTTP concurrencies tried, each for BENCH_HTTP_TRANSFERS / 2, for the rate at p99 < 50 ms. */
const HTTP_SWEEP = (process.env.BENCH_HTTP_SWEEP ?? '1,2,4,8')
  .split(',')
  .map(Number)
  .filter((concurrency) => concurrency > 0 && concurrency <= CONCURRENCY);
const P99_TARGET_MS = 50;

interface Run {
  samples: number[];
  elapsed_ms: number;
}

/** `count` operations over `concurrency` workers; `op` gets the worker's index. */
async function timed(
  count: number,
  op: (worker: number) => Promise<void>,
  concurrency = CONCURRENCY,
): Promise<Run> {
  const samples: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next++ < count) {
        const t0 = performance.now();
        await op(worker);
        samples.push(performance.now() - t0);
      }
    }),
  );
  return { samples, elapsed_ms: performance.now() - start };
}

interface BusLike {
  request(pattern: string, payload: unknown): Promise<unknown>;
}

async function ledgerCommand(bus: BusLike, pattern: string, payload: unknown): Promise<void> {
  const reply = (await bus.request(`ledger.${pattern}`, payload)) as { ok: boolean };
  if (!reply.ok) throw new Error(`${pattern}: ${JSON.stringify(reply)}`);
}

async function benchCommandPath(bus: BusLike): Promise<Run> {
  const run_id = randomUUID().slice(0, 8);
  const payer = (worker: number) => `bench-${run_id}-payer-${worker}`;
  for (let worker = 0; worker < CONCURRENCY; worker += 1) {
    await ledgerCommand(bus, 'credit_funds', {
      account_id: payer(worker),
      operation_id: `bench-${run_id}-fund-${worker}`,
      asset: 'USD',
      amount: '1000000.00',
      kind: 'payin',
    });
  }
  return timed(TRANSFERS, (worker) =>
    ledgerCommand(bus, 'transfer_funds', {
      from_account_id: payer(worker),
      to_account_id: `bench-${run_id}-payee-${worker}`,
      operation_id: randomUUID(),
      asset: 'USD',
      amount: '0.01',
    }),
  );
}

async function benchRawSql(pool: Pool): Promise<Run> {
  await pool.query(`create schema if not exists bench_raw;
    create table if not exists bench_raw.balances (account_id text primary key, available numeric not null);
    create table if not exists bench_raw.transfers (id uuid primary key, from_account_id text,
      to_account_id text, amount numeric, created_at timestamptz default now());
    truncate bench_raw.balances, bench_raw.transfers`);
  for (let worker = 0; worker < CONCURRENCY; worker += 1) {
    await pool.query(`insert into bench_raw.balances values ($1, 1000000), ($2, 0)`, [
      `payer-${worker}`,
      `payee-${worker}`,
    ]);
  }
  return timed(TRANSFERS, async (worker) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(
        `insert into bench_raw.transfers (id, from_account_id, to_account_id, amount)
         values ($1, $2, $3, 0.01)`,
        [randomUUID(), `payer-${worker}`, `payee-${worker}`],
      );
      const debited = await client.query(
        `update bench_raw.balances set available = available - 0.01
          where account_id = $1 and available >= 0.01`,
        [`payer-${worker}`],
      );
      if (debited.rowCount !== 1) throw new Error('insufficient funds');
      await client.query(
        `update bench_raw.balances set available = available + 0.01 where account_id = $1`,
        [`payee-${worker}`],
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  });
}

interface HttpRuns {
  saturated: Run;
  /** Per concurrency tried, the run. */
  sweep: { concurrency: number; run: Run }[];
}

async function benchHttp(base: string): Promise<HttpRuns> {
  const post = async (route: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const parsed: unknown = await response.json();
    if (!response.ok) throw new Error(`${route}: ${response.status} ${JSON.stringify(parsed)}`);
    return parsed;
  };
  // Each worker pays from its own test account (D5 demo history funds it) to a shared payee.
  const open = async (label: string) => {
    const email = `bench-${label}-${Date.now()}@example.com`;
    const registration = { org: 'demo', type: 'person', email, password: 'correct horse battery' };
    await post('/v1/auth/register', { ...registration, display_name: 'Bench' });
    const session = (await post('/v1/auth/register/confirm', {
      org: 'demo',
      email,
      code: '000000',
    })) as { access_token: string; account: { id: string } };
    return { account_id: session.account.id, authorization: `Bearer ${session.access_token}` };
  };
  const payee = await open('payee');
  const payers: { account_id: string; authorization: string }[] = [];
  for (let worker = 0; worker < CONCURRENCY; worker += 1) payers.push(await open(`payer${worker}`));
  const transfer = async (worker: number) => {
    await post(
      '/v1/transfers',
      { recipient: payee.account_id, asset: 'USD', amount: '0.01' },
      { authorization: payers[worker]!.authorization },
    );
  };
  const saturated = await timed(HTTP_TRANSFERS, transfer);
  const sweep: HttpRuns['sweep'] = [];
  for (const concurrency of HTTP_SWEEP) {
    const run = await timed(Math.ceil(HTTP_TRANSFERS / 2), transfer, concurrency);
    sweep.push({ concurrency, run });
  }
  return { saturated, sweep };
}

async function main(): Promise<void> {
  const data_dir = mkdtempSync(path.join(os.tmpdir(), 'bench-ledger-'));
  const pg = await startEmbeddedPostgres({
    data_dir: path.join(data_dir, 'pg'),
    port: Number(process.env.BENCH_PG_PORT ?? 55498),
  });
  const platform = await startPlatform({
    host: '127.0.0.1',
    ports: { test: 0, live: 0 },
    admin_database_url: pg.admin_url,
    database_prefix: 'bench_ledger',
    data_dir,
    settings: { RATE_LIMIT_PER_SECOND: 'off' },
  });
  const test = platform.environments.test;
  const pool = new Pool({ connectionString: test.database_url, max: CONCURRENCY });
  try {
    const command_path = await benchCommandPath(test.bus);
    const raw = await benchRawSql(pool);
    const http = await benchHttp(test.base_url);
    console.log(`concurrency ${CONCURRENCY}, CPUs ${os.cpus().length}`);
    console.log(
      summarize(
        'ledger.transfer_funds (command path)',
        command_path.samples,
        command_path.elapsed_ms,
      ),
    );
    console.log(summarize('raw SQL insert + 2 updates', raw.samples, raw.elapsed_ms));
    console.log(
      summarize(
        'POST /v1/transfers (all-in-one)',
        http.saturated.samples,
        http.saturated.elapsed_ms,
      ),
    );
    const rate = (run: Run) => run.samples.length / run.elapsed_ms;
    let best: { concurrency: number; run: Run } | undefined;
    for (const tried of http.sweep) {
      const label = `POST /v1/transfers at concurrency ${tried.concurrency}`;
      console.log(summarize(label, tried.run.samples, tried.run.elapsed_ms));
      const sorted = [...tried.run.samples].sort((a, b) => a - b);
      const within = percentile(sorted, 99) < P99_TARGET_MS;
      if (within && (!best || rate(tried.run) > rate(best.run))) best = tried;
    }
    console.log(
      best
        ? `POST /v1/transfers at p99 < ${P99_TARGET_MS} ms: ${(rate(best.run) * 1000).toFixed(0)}/s (concurrency ${best.concurrency})`
        : `POST /v1/transfers at p99 < ${P99_TARGET_MS} ms: none of concurrencies ${HTTP_SWEEP.join(', ')}`,
    );
    console.log(
      `command path / raw SQL throughput: ${((rate(command_path) / rate(raw)) * 100).toFixed(0)}%`,
    );
  } finally {
    await pool.end();
    await platform.close();
    await pg.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
