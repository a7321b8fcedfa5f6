import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { createPool, dropDatabase, ensureDatabase } from '@platform/persistence';
import { testAdminUrl } from '@platform/testing';

/**
 * Identity end to end on the distributed runtime: gateway, identity, notifications and ledger
 * (register confirm seeds the sandbox demo history, decisions D5) as separate processes on
 * Kafka and PostgreSQL, driven over HTTP like a client would: register, confirm, login,
 * profile, API key.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const BROKERS = process.env.KAFKA_BROKERS ?? '127.0.0.1:9092';
const PASSWORD = 'correct horse battery';

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

describe('identity smoke test on the distributed runtime', () => {
  const suffix = randomBytes(4).toString('hex');
  const database = `idsmoke_${suffix}`;
  const processes: ChildProcess[] = [];
  let database_url: string;
  let base_url: string;

  let stopping = false;
  const start = (
    service: 'gateway' | 'identity' | 'notifications' | 'ledger',
    env: Record<string, string>,
    restarts = 5,
  ) => {
    const child = spawn(
      process.execPath,
      [path.join(ROOT, `dist/services/${service}/src/main.js`)],
      {
        env: {
          ...process.env,
          ENVIRONMENT: 'test',
          KAFKA_BROKERS: BROKERS,
          KAFKA_TOPIC_PREFIX: `idsmoke${suffix}.`,
          DATABASE_URL: database_url,
          HEALTH_PORT: '0',
          JWT_SECRET: `smoke-test-session-key-${suffix}-0123456789`,
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

  const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base_url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(ROOT, 'tools/scripts/build.mjs')], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    database_url = await ensureDatabase(testAdminUrl(), database);
    const port = await freePort();
    base_url = `http://127.0.0.1:${port}`;
    start('identity', {});
    start('notifications', {});
    start('ledger', {});
    start('gateway', { PORT: String(port) });
  });

  afterAll(async () => {
    stopping = true;
    for (const child of processes) if (child.exitCode === null) child.kill('SIGKILL');
    await dropDatabase(testAdminUrl(), database).catch(() => undefined);
  });

  it('registers, confirms, signs in, reads the profile and issues an API key', async () => {
    const email = `smoke-${suffix}@example.com`;
    const registration = {
      org: 'demo',
      type: 'person',
      email,
      password: PASSWORD,
      display_name: 'Ada Lovelace',
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
    const first = (await confirmed.json()) as { account: { id: string } };

    const login = await post('/v1/auth/login', { org: 'demo', email, password: PASSWORD });
    expect(login.status).toBe(200);
    const session = (await login.json()) as { access_token: string; account_id: string };
    expect(session.account_id).toBe(first.account.id);

    const me = await fetch(`${base_url}/v1/me`, {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: first.account.id, email, kyc_status: 'approved' });

    const issued = await post(
      '/v1/api-keys',
      { label: 'smoke' },
      { authorization: `Bearer ${session.access_token}` },
    );
    expect(issued.status).toBe(201);
    const { token } = (await issued.json()) as { token: string };
    expect(token).toMatch(/^pk_test_/);
    const by_key = await fetch(`${base_url}/v1/me`, { headers: { 'x-api-key': token } });
    expect(by_key.status).toBe(200);

    // The verification code went through notifications, over Kafka, into its mailbox.
    const pool = createPool({ url: database_url, max_connections: 1 });
    try {
      const { rows } = await pool.query(
        'select 1 from notifications.mailbox where recipient = $1',
        [email],
      );
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await pool.end();
    }
    // Processes join their consumer groups at their own pace: a lost request costs a bus timeout.
  }, 420_000);
});
