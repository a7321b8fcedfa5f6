import { fork } from 'node:child_process';
import path from 'node:path';
import type { QueryResultRow } from 'pg';
import { LEDGER_EVENT_TYPES } from '@platform/contracts';

/**
 * What every benchmark does before it measures: POST JSON to the platform's gateway and open one
 * confirmed sandbox company account (the demo organization's code `000000` confirms it, D5); and
 * what its load generators share: a JSON call, and running one in a process of its own.
 */

export const BENCH_PASSWORD = 'correct horse battery';

/** The answer's JSON, or a thrown error naming the status and body. */
export async function expectOk(response: Response): Promise<Record<string, any>> {
  const body = (await response.json()) as Record<string, any>;
  if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return body;
}

export type Post = (
  route: string,
  body: unknown,
  headers?: Record<string, string>,
) => Promise<Response>;

/** POSTs JSON to `base_url`. */
export function poster(base_url: string): Post {
  return (route, body, headers = {}) =>
    fetch(`${base_url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
}

/**
 * A new confirmed company account: its email, id and the `Authorization` header of its session.
 * `label` tells apart the accounts one run opens within the same millisecond.
 */
export async function openBenchAccount(
  post: Post,
  label = '',
): Promise<{ email: string; account_id: string; auth: Record<string, string> }> {
  const email = `bench-${label}${Date.now()}@example.com`;
  await expectOk(
    await post('/v1/auth/register', {
      org: 'demo',
      type: 'company',
      email,
      password: BENCH_PASSWORD,
      display_name: 'Bench Co',
    }),
  );
  const session = await expectOk(
    await post('/v1/auth/register/confirm', { org: 'demo', email, code: '000000' }),
  );
  return {
    email,
    account_id: (session.account as { id: string }).id,
    auth: { authorization: `Bearer ${session.access_token as string}` },
  };
}

/** A BR/BRL pix payout of a few reais; cents never .77 (review) or .99 (rail rejection). */
export function pixPayoutBody(index: number, run: string) {
  const cents = String(index % 50).padStart(2, '0');
  return {
    country: 'BR',
    currency: 'BRL',
    method: 'pix',
    amount: `${1 + (index % 9)}.${cents}`,
    // With a tax id, as a Brazilian payout names its beneficiary: each completed payout is then
    // counted in risk-scoring's payment history of that one subject too.
    beneficiary: {
      name: 'Ana Silva',
      tax_id: '390.533.447-05',
      account_number: `ana-${index % 100}@example.com`,
    },
    idempotency_key: `bench-${run}-${index}`,
  };
}

/** A US/USD bank transfer payin; cents never .77 or .99 (the sandbox's magic values). */
export function bankTransferPayinBody(index: number) {
  const cents = String(index % 50).padStart(2, '0');
  return {
    method: 'bank_transfer',
    country: 'US',
    currency: 'USD',
    amount: `${10 + index}.${cents}`,
  };
}

/** A JSON request to a target; a refusal throws, naming the route, status and body. */
export async function callJson(
  target: { base_url: string; headers: Record<string, string> },
  method: string,
  route: string,
  body?: unknown,
): Promise<Record<string, any>> {
  const response = await fetch(`${target.base_url}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...target.headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, any>;
  if (!response.ok)
    throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** What a load generator's process answers for each plan it is sent. */
type LoadAnswer<Result> = { ok: true; result: Result } | { ok: false; error: string };

/**
 * A load generator in a process of its own, kept for every run of a benchmark, so that its client
 * work is not counted against the server it measures and its code is compiled once: a process
 * forked for each run spent about twice the CPU in its first second as after (JIT compiling the
 * client), on the 2 cores it shares with the platform, and that landed on each run's first second.
 */
export interface LoadGenerator<Plan, Result> {
  /** The generator's process. */
  pid: number | undefined;
  /** Runs `plan` in the generator's process; one run at a time. */
  run(plan: Plan): Promise<Result>;
  close(): void;
}

/**
 * The load generator's V8 flags, in place of the benchmark's own, which `fork` would pass on. A
 * benchmark of the all-in-one runtime runs with its flags (`ALL_IN_ONE_NODE_FLAGS`), whose young
 * generation of 256 MB let the generator go a whole run without a collection, then stop for a
 * scavenge of 75 ms and a full collection of 32 ms in the first second of bench:api's open loop:
 * every request due meanwhile counted as the platform's latency. With V8's defaults its
 * collections are short, and `--expose-gc` lets it collect before each run (`serveLoads`).
 */
export const LOAD_GENERATOR_NODE_FLAGS: readonly string[] = ['--expose-gc'];

/**
 * Starts the load generator `script` (a path, or a name beside this file), whose process calls
 * `serveLoads`.
 */
export function startLoadGenerator<Plan, Result>(script: string): LoadGenerator<Plan, Result> {
  const child = fork(path.resolve(__dirname, script), [], {
    execArgv: [...LOAD_GENERATOR_NODE_FLAGS],
  });
  let pending: { resolve(result: Result): void; reject(error: Error): void } | undefined;
  let exit_error: Error | undefined;
  // Idle between runs, the generator does not keep the benchmark's process alive.
  const idle = () => {
    child.unref();
    child.channel?.unref();
  };
  const settle = (outcome: (waiting: NonNullable<typeof pending>) => void) => {
    const waiting = pending;
    pending = undefined;
    idle();
    if (waiting) outcome(waiting);
  };
  child.on('message', (answer: LoadAnswer<Result>) =>
    settle((waiting) =>
      answer.ok ? waiting.resolve(answer.result) : waiting.reject(new Error(answer.error)),
    ),
  );
  child.once('exit', (code) => {
    exit_error = new Error(`the load generator exited (${code ?? 'signal'})`);
    settle((waiting) => waiting.reject(exit_error!));
  });
  // A plan sent as the process dies: its exit answers the run.
  child.on('error', () => undefined);
  idle();
  return {
    pid: child.pid,
    run: (plan) =>
      new Promise<Result>((resolve, reject) => {
        if (exit_error || !child.connected)
          return reject(exit_error ?? new Error('the load generator exited'));
        if (pending) return reject(new Error('the load generator is already running a plan'));
        pending = { resolve, reject };
        child.ref();
        child.channel?.ref();
        child.send(plan as object);
      }),
    close: () => {
      child.kill();
    },
  };
}

/** The generator's side: answers each plan the benchmark sends with `run`'s result. */
export function serveLoads<Plan, Result>(run: (plan: Plan) => Promise<Result>): void {
  const answer = (message: LoadAnswer<Result>) => process.send?.(message);
  process.on('message', (plan: Plan) => {
    // What earlier runs left is collected now, untimed, rather than during this run.
    globalThis.gc?.();
    run(plan).then(
      (result) => answer({ ok: true, result }),
      (error: unknown) => answer({ ok: false, error: String(error) }),
    );
  });
  // The benchmark is gone: nothing more will be asked.
  process.once('disconnect', () => process.exit(0));
}

/** Runs `script` once with `plan` in a process of its own (`startLoadGenerator`), then stops it. */
export async function forkLoad<Plan, Result>(script: string, plan: Plan): Promise<Result> {
  const generator = startLoadGenerator<Plan, Result>(script);
  try {
    return await generator.run(plan);
  } finally {
    generator.close();
  }
}

/**
 * Waits until the work requests leave after their replies is done in an environment's database:
 * every committed ledger event in the relay's checkpoint, every account event (the types the
 * projections subscribe to) in the projections' checkpoint, and every event in the notifications
 * service's inbox; returns how long that took.
 */
export async function awaitLedgerCatchUp(pool: Queryable, poll_ms = 50): Promise<number> {
  const start = performance.now();
  for (;;) {
    const { rows } = await pool.query<{ behind: boolean }>(
      `select exists (
           select 1 from ledger_events.subscription_checkpoints c
            where c.position < (select coalesce(max(e.position), 0) from ledger_events.events e
                                 where c.name not like 'projection:%' or e.type = any($1::text[])))
         or exists (
           select 1 from ledger_events.events e
            where not exists (select 1 from notifications.domain_events d where d.event_id = e.event_id))
         as behind`,
      [LEDGER_EVENT_TYPES],
    );
    if (!rows[0]?.behind) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, poll_ms));
  }
}

export interface Queryable {
  query<Row extends QueryResultRow>(text: string, values: unknown[]): Promise<{ rows: Row[] }>;
}
