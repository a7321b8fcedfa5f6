import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { startPlatform } from '@platform/all-in-one';
import { startEmbeddedPostgres } from '@platform/persistence';
import { awaitLedgerCatchUp } from './bench-client';
import { percentile, summarize } from './stats';

/**
 * Ledger benchmarks (issue 4). Prints figures, asserts nothing. On one all-in-one platform and
 * its PostgreSQL server: internal transfers committed per second with p50/p99 latency
 * 1. through the ledger command path (`ledger.transfer_funds` over the in-process bus: load,
 *    decide, append both streams with optimistic concurrency, hash chain; the appends of
 *    concurrent commands are group-committed, one statement and one commit per batch, each
 *    command still applied or refused on its own),
 * 2. as raw SQL on the same server, the floor the ledger's design is measured against: one
 *    transaction that writes what the command path's append commits, one row per leg (the
 *    ledger appends a debit and a credit event) and both accounts' balances (the ledger moves both
 *    stream heads), the debit with a non-negative check,
 * 3. through `POST /v1/transfers` (authentication, validation, recipient resolution,
 *    idempotency record, ledger, public record), saturated at BENCH_CONCURRENCY, then at each
 *    concurrency of BENCH_HTTP_SWEEP: the highest rate whose p99 stays under 50 ms is the figure.
 * Each concurrent worker pays from its own account (over HTTP, all to one payee), so the command
 * path and raw figures measure the path, not one account's lock. The command path and raw SQL take
 * turns, BENCH_ROUNDS rounds of BENCH_TRANSFERS / BENCH_ROUNDS each, so that a change in the load
 * of a shared machine weighs on both alike; their figures sum the rounds. BENCH_WARMUP transfers
 * of each kind run first and are not counted. Before each raw turn,
 * the command path's work after the reply (projections, the relay, the notifications consumer)
 * must have caught up, so that the raw figure is not slowed by the command path's backlog; how
 * long that took is printed. BENCH_PG_PORT moves the embedded PostgreSQL server off its default
 * port.
 */
process.env.LOG_LEVEL ??= 'warn';
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 4000);
/** Transfers of each kind run first, untimed, so that neither is measured while still cold. */
const WARMUP_TRANSFERS = Number(process.env.BENCH_WARMUP ?? 400);
const HTTP_TRANSFERS = Number(process.env.BENCH_HTTP_TRANSFERS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 8));
/** HTTP concurrencies tried, each for BENCH_HTTP_TRANSFERS / 2, for the rate at p99 < 50 ms. */
const HTTP_SWEEP = (process.env.BENCH_HTTP_SWEEP ?? '1,2,4,8')
  .split(',')
  .map(Number)
  .filter((concurrency) => concurrency > 0 && concurrency <= CONCURRENCY);
const P99_TARGET_MS = 50;
const CATCH_UP_POLL_MS = 50;

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

/** Funds one payer per worker; the operation pays 0.01 USD from the worker's payer. */
async function commandPathTransfer(bus: BusLike): Promise<(worker: number) => Promise<void>> {
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
  return (worker) =>
    ledgerCommand(bus, 'transfer_funds', {
      from_account_id: payer(worker),
      to_account_id: `bench-${run_id}-payee-${worker}`,
      operation_id: randomUUID(),
      asset: 'USD',
      amount: '0.01',
    });
}

/** Creates and funds the raw tables; the operation is one raw transfer of the worker's payer. */
async function rawSqlTransfer(pool: Pool): Promise<(worker: number) => Promise<void>> {
  await pool.query(`create schema if not exists bench_raw;
    create table if not exists bench_raw.balances (account_id text primary key, available numeric not null);
    create table if not exists bench_raw.entries (id uuid primary key, transfer_id uuid not null,
      account_id text not null, amount numeric not null, created_at timestamptz default now());
    truncate bench_raw.balances, bench_raw.entries`);
  for (let worker = 0; worker < CONCURRENCY; worker += 1) {
    await pool.query(`insert into bench_raw.balances values ($1, 1000000), ($2, 0)`, [
      `payer-${worker}`,
      `payee-${worker}`,
    ]);
  }
  return async (worker) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const transfer_id = randomUUID();
      await client.query(
        `insert into bench_raw.entries (id, transfer_id, account_id, amount)
         values ($1, $3, $4, -0.01), ($2, $3, $5, 0.01)`,
        [randomUUID(), randomUUID(), transfer_id, `payer-${worker}`, `payee-${worker}`],
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
  };
}

/** The runs of one kind added up: every sample, and the time spent in them. */
function combined(runs: readonly Run[]): Run {
  return {
    samples: runs.flatMap((run) => run.samples),
    elapsed_ms: runs.reduce((sum, run) => sum + run.elapsed_ms, 0),
  };
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
    const command_transfer = await commandPathTransfer(test.bus);
    const raw_transfer = await rawSqlTransfer(pool);
    const command_runs: Run[] = [];
    const raw_runs: Run[] = [];
    let catch_up_ms = 0;
    await timed(WARMUP_TRANSFERS, command_transfer);
    await awaitLedgerCatchUp(pool, CATCH_UP_POLL_MS);
    await timed(WARMUP_TRANSFERS, raw_transfer);
    const per_round = Math.ceil(TRANSFERS / ROUNDS);
    for (let round = 0; round < ROUNDS; round += 1) {
      command_runs.push(await timed(per_round, command_transfer));
      catch_up_ms += await awaitLedgerCatchUp(pool, CATCH_UP_POLL_MS);
      raw_runs.push(await timed(per_round, raw_transfer));
    }
    const command_path = combined(command_runs);
    const raw = combined(raw_runs);
    const http = await benchHttp(test.base_url);
    console.log(
      `concurrency ${CONCURRENCY}, CPUs ${os.cpus().length}, load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(
          ' ',
        )}, ${ROUNDS} rounds of command path then raw SQL after ${WARMUP_TRANSFERS} untimed of each`,
    );
    console.log(
      summarize(
        'ledger.transfer_funds (command path)',
        command_path.samples,
        command_path.elapsed_ms,
      ),
    );
    console.log(
      `command path: projections, relay and notifications caught up ${catch_up_ms.toFixed(0)} ms after the last replies (all rounds)`,
    );
    console.log(summarize('raw SQL insert of 2 legs + 2 updates', raw.samples, raw.elapsed_ms));
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
    const ratio = (command: Run, baseline: Run) =>
      `${((rate(command) / rate(baseline)) * 100).toFixed(0)}%`;
    console.log(
      `command path / raw SQL throughput per round: ${command_runs
        .map((run, round) => ratio(run, raw_runs[round]!))
        .join(', ')}`,
    );
    console.log(`command path / raw SQL throughput: ${ratio(command_path, raw)}`);
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
