import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import Big from 'big.js';
import { dropDatabase, ensureDatabase } from '@platform/persistence';
import { testAdminUrl } from '@platform/testing';
import { pix, shifted, type PayoutBody } from './payouts-test-client';

/**
 * Issue 5, the payout lifecycle on the distributed runtime: gateway, identity, ledger,
 * compliance, payouts and notifications as separate processes on Kafka and PostgreSQL, driven
 * over HTTP like a client would. A pix payout completes with the balance debited, a `.99` payout
 * is rejected by the sandbox rail with the debit refunded, and a replayed idempotency key
 * answers the original payout.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const BROKERS = process.env.KAFKA_BROKERS ?? '127.0.0.1:9092';
const PASSWORD = 'correct horse battery';
const SERVICES = ['identity', 'ledger', 'compliance', 'payouts', 'notifications'] as const;
type ServiceName = (typeof SERVICES)[number] | 'gateway';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('payouts on the distributed runtime', () => {
  const suffix = randomBytes(4).toString('hex');
  const database = `paydist_${suffix}`;
  const processes: ChildProcess[] = [];
  let database_url: string;
  let base_url: string;
  let headers: Record<string, string>;
  let key_counter = 0;
  const newKey = () => `dist-${suffix}-${++key_counter}`;

  let stopping = false;
  const start = (service: ServiceName, env: Record<string, string>, restarts = 5) => {
    const child = spawn(
      process.execPath,
      [path.join(ROOT, `dist/services/${service}/src/main.js`)],
      {
        env: {
          ...process.env,
          ENVIRONMENT: 'test',
          KAFKA_BROKERS: BROKERS,
          KAFKA_TOPIC_PREFIX: `paydist${suffix}.`,
          DATABASE_URL: database_url,
          HEALTH_PORT: '0',
          JWT_SECRET: `payouts-dist-session-key-${suffix}-0123456789`,
          // Each simulated rail step is short, so a payout settles within a few seconds.
          SANDBOX_STEP_MS: '50',
          ...env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    processes.push(child);
    // As a container's restart policy would: a process that dies while Kafka is still creating
    // the run's topics comes back.
    child.once('exit', (code) => {
      if (!stopping && code !== 0 && restarts > 0) start(service, env, restarts - 1);
    });
  };

  const post = (route: string, body: unknown, extra: Record<string, string> = {}) =>
    fetch(`${base_url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...extra },
      body: JSON.stringify(body),
    });
  const get = (route: string) => fetch(`${base_url}${route}`, { headers });

  /** `available/held` of USD, as `GET /v1/balances` shows it. */
  const balance = async (): Promise<string> => {
    const { balances } = (await (await get('/v1/balances')).json()) as {
      balances: { asset: string; available: string; held: string }[];
    };
    const usd = balances.find((row) => row.asset === 'USD');
    return usd ? `${usd.available}/${usd.held}` : '';
  };
  const awaitBalance = async (expected: string): Promise<string> => {
    let seen = await balance();
    for (let attempt = 0; attempt < 200 && seen !== expected; attempt += 1) {
      await pause(100);
      seen = await balance();
    }
    return seen;
  };

  /** Creates a payout; while consumers are still joining, a bus timeout is retried with the key. */
  const create = async (body: Record<string, unknown>) => {
    let response: Response | null = null;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      response = await post('/v1/payouts', body, headers).catch(() => null);
      if (response && response.status < 500 && response.status !== 409) break;
      await pause(1000);
    }
    return { status: response?.status, body: (await response?.json()) as PayoutBody };
  };

  const awaitFinal = async (payout_id: string): Promise<PayoutBody> => {
    let payout = (await (await get(`/v1/payouts/${payout_id}`)).json()) as PayoutBody;
    for (let attempt = 0; attempt < 300; attempt += 1) {
      if (payout.status === 'completed' || payout.status === 'failed') break;
      await pause(100);
      payout = (await (await get(`/v1/payouts/${payout_id}`)).json()) as PayoutBody;
    }
    return payout;
  };

  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(ROOT, 'tools/scripts/build.mjs')], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    database_url = await ensureDatabase(testAdminUrl(), database);
    const port = await freePort();
    base_url = `http://127.0.0.1:${port}`;
    for (const service of SERVICES) start(service, {});
    start('gateway', { PORT: String(port) });

    const email = `paydist-${suffix}@example.com`;
    const registration = {
      org: 'demo',
      type: 'person',
      email,
      password: PASSWORD,
      display_name: 'Ada Lovelace',
      country: 'US',
      locale: 'en',
    };
    // Until every process has joined its consumer group, requests may time out: retry a while.
    let registered: Response | null = null;
    for (let attempt = 0; attempt < 90 && registered?.status !== 201; attempt++) {
      registered = await post('/v1/auth/register', registration).catch(() => null);
      if (registered?.status !== 201) await pause(1000);
    }
    expect(registered?.status).toBe(201);
    const confirmed = await post('/v1/auth/register/confirm', {
      org: 'demo',
      email,
      code: '000000',
    });
    expect(confirmed.status).toBe(200);
    const session = (await confirmed.json()) as { access_token: string };
    headers = { authorization: `Bearer ${session.access_token}` };
  }, 420_000);

  afterAll(async () => {
    stopping = true;
    for (const child of processes) if (child.exitCode === null) child.kill('SIGKILL');
    await dropDatabase(testAdminUrl(), database).catch(() => undefined);
  });

  it('completes a pix payout with the balance debited', async () => {
    const base = await balance();
    // The sandbox demo history (D5) funds the account.
    expect(new Big(base.split('/')[0]!).gt(100)).toBe(true);
    const created = await create(pix('27.00', { idempotency_key: newKey() }));
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ status: 'processing', funds_debited: true });
    const done = await awaitFinal(created.body.payout_id);
    expect(done).toMatchObject({
      payout_id: created.body.payout_id,
      status: 'completed',
      status_code: 'completed',
      funds_debited: true,
      local_amount: '27.00',
      total_debit: '5.00',
    });
    const expected = shifted(base, '-5.00');
    expect(await awaitBalance(expected)).toBe(expected);
  }, 120_000);

  it('fails a .99 payout at the rail and refunds the debit', async () => {
    const base = await balance();
    const created = await create(
      pix('10.99', {
        idempotency_key: newKey(),
        beneficiary: { name: 'Bia', account_number: `bia-${suffix}@example.com` },
      }),
    );
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ status: 'processing', funds_debited: true });
    const failed = await awaitFinal(created.body.payout_id);
    expect(failed).toMatchObject({
      status: 'failed',
      status_code: 'rail_rejected',
      funds_debited: false,
      predebit_failure: false,
    });
    expect(await awaitBalance(base)).toBe(base);
  }, 120_000);

  it('answers a replayed idempotency key with the same payout and debits once', async () => {
    const idempotency_key = newKey();
    const base = await balance();
    const first = await create(pix('54.00', { idempotency_key }));
    expect(first.status).toBe(202);
    const replay = await create(pix('54.00', { idempotency_key }));
    expect(replay.status).toBe(202);
    expect(replay.body).toEqual(first.body);
    expect(await awaitFinal(first.body.payout_id)).toMatchObject({ status: 'completed' });
    const expected = shifted(base, `-${first.body.total_debit}`);
    expect(first.body.total_debit).toBe('10.00');
    expect(await awaitBalance(expected)).toBe(expected);
  }, 120_000);
});
