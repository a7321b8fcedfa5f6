import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import Big from 'big.js';
import { kafkaTestNamespace } from '@platform/messaging';
import { dropDatabase, ensureDatabase } from '@platform/persistence';
import { BUS_SERVICE_NAMES, healthPortOf } from '@platform/runtime';
import { testAdminUrl } from '@platform/testing';

/**
 * Issue 13: `npm run start:distributed` on a fresh broker died two starts out of three, and one
 * dead service took the others down. Here the launcher starts every service process and the
 * gateway several times, each time on topics no run has used (a fresh broker as far as topics
 * go) and a fresh database; each time every /readyz must answer 200 and a client must register,
 * confirm and read its balances. Then one service is killed: the launcher starts it again and
 * the platform answers again; and when the launcher itself is killed, its processes stop.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const LAUNCHER = path.join(ROOT, 'dist/tools/scripts/start-distributed.js');
const COLD_STARTS = 3;
const OPERATOR_TOKEN = `op_launcher_${randomBytes(6).toString('hex')}`;

interface LauncherLine {
  msg: string;
  target?: string;
  pid?: number;
  restart?: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A base for the table of probe ports, and a gateway port, all free now. */
async function freePorts(): Promise<{ base: number; gateway: number }> {
  for (;;) {
    const base = 20_000 + 10 * Math.floor(Math.random() * 2_000);
    const ports = Array.from({ length: 10 }, (_, index) => base + index);
    const free = await Promise.all(ports.map(portIsFree));
    if (free.every(Boolean)) return { base, gateway: base + 9 };
  }
}

/** One run of the launcher, on its own topic prefix and database. */
class LauncherRun {
  readonly lines: LauncherLine[] = [];
  readonly namespace = kafkaTestNamespace('launch');
  /** The run's database, named like its topics. */
  readonly prefix = this.namespace.topic_prefix.replace(/[^a-z0-9]/g, '_').replace(/_+$/, '');
  private child?: ChildProcess;
  ports = { base: 0, gateway: 0 };
  base_url = '';

  async start(): Promise<void> {
    const database_url = await ensureDatabase(testAdminUrl(), this.prefix);
    this.ports = await freePorts();
    this.base_url = `http://127.0.0.1:${this.ports.gateway}`;
    const secrets = mkdtempSync(path.join(os.tmpdir(), 'launcher-secrets-'));
    writeFileSync(path.join(secrets, 'operator_token'), `${OPERATOR_TOKEN}\n`);
    const child = spawn(process.execPath, [LAUNCHER], {
      env: {
        ...process.env,
        ENVIRONMENT: 'test',
        KAFKA_BROKERS: this.namespace.brokers.join(','),
        KAFKA_TOPIC_PREFIX: this.namespace.topic_prefix,
        DATABASE_URL: database_url,
        PORT: String(this.ports.gateway),
        HEALTH_PORT_BASE: String(this.ports.base),
        JWT_SECRET: `launcher-test-session-key-${this.prefix}-0123456789`,
        // As compose and Kubernetes pass it: a file holding the secret.
        OPERATOR_TOKEN_FILE: path.join(secrets, 'operator_token'),
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'launcher-data-')),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.child = child;
    // The services' own logs share this pipe; only the launcher's lines are kept.
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.includes('"service":"launcher"')) return;
      this.lines.push(JSON.parse(line) as LauncherLine);
    });
  }

  probeUrls(): string[] {
    return [
      this.base_url,
      ...BUS_SERVICE_NAMES.map(
        (service) => `http://127.0.0.1:${healthPortOf(service, 'test', this.ports.base)}`,
      ),
    ];
  }

  /** Until every process answers /readyz with 200 (bounded). */
  async awaitReady(): Promise<number[]> {
    let statuses: number[] = [];
    for (let attempt = 0; attempt < 360; attempt++) {
      statuses = await Promise.all(
        this.probeUrls().map((url) =>
          fetch(`${url}/readyz`).then(
            (response) => response.status,
            () => 0,
          ),
        ),
      );
      if (statuses.every((status) => status === 200)) break;
      if (this.child?.exitCode !== null) break; // the launcher itself is gone: nothing will come up
      await pause(500);
    }
    return statuses;
  }

  pidOf(service: string): number | undefined {
    return this.lines.filter((line) => line.msg === `${service} started`).at(-1)?.pid;
  }

  async awaitLine(predicate: (line: LauncherLine) => boolean): Promise<LauncherLine | undefined> {
    for (let attempt = 0; attempt < 240 && !this.lines.some(predicate); attempt++) await pause(250);
    return this.lines.find(predicate);
  }

  /** SIGTERM, as an operator's Ctrl-C: resolves with the launcher's exit code. */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    return exited;
  }

  async kill(): Promise<void> {
    const child = this.child!;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async dispose(): Promise<void> {
    if (this.child?.exitCode === null) this.child.kill('SIGKILL');
    await dropDatabase(testAdminUrl(), this.prefix).catch(() => undefined);
    await this.namespace.remove().catch(() => undefined);
  }
}

async function registerAndReadBalances(base_url: string, email: string) {
  const post = (route: string, body: unknown) =>
    fetch(`${base_url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const registered = await post('/v1/auth/register', {
    org: 'demo',
    type: 'person',
    email,
    password: 'correct horse battery',
    display_name: 'Cold Start',
  });
  expect(registered.status).toBe(201);
  const confirmed = await post('/v1/auth/register/confirm', { org: 'demo', email, code: '000000' });
  expect(confirmed.status).toBe(200);
  const { access_token } = (await confirmed.json()) as { access_token: string };
  const balances = await fetch(`${base_url}/v1/balances`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(balances.status).toBe(200);
  const body = (await balances.json()) as { balances: { asset: string; available: string }[] };
  return body.balances.find((row) => row.asset === 'USD')?.available ?? '0';
}

function isGone(pid: number | undefined): boolean {
  if (pid === undefined) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

describe('the distributed launcher', () => {
  const runs: LauncherRun[] = [];

  beforeAll(() => {
    execFileSync(process.execPath, [path.join(ROOT, 'tools/scripts/build.mjs')], { cwd: ROOT });
  });
  afterAll(async () => {
    for (const run of runs) await run.dispose();
  });

  it.each(Array.from({ length: COLD_STARTS }, (_, index) => index + 1))(
    'cold start %i on fresh topics and a fresh database: every process ready, a client served',
    async () => {
      const run = new LauncherRun();
      runs.push(run);
      await run.start();
      expect(await run.awaitReady()).toEqual(Array(9).fill(200));
      const usd = await registerAndReadBalances(run.base_url, `${run.prefix}@example.com`);
      // The sandbox's demo history (D5) credited the account through the ledger, over Kafka.
      expect(new Big(usd).gte(10_000)).toBe(true);
      // The operator token came from the file OPERATOR_TOKEN_FILE names.
      const admin = await fetch(`${run.base_url}/admin/v1/organizations`, {
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      });
      expect(admin.status).toBe(200);
      const pids = [...BUS_SERVICE_NAMES, 'gateway'].map((service) => run.pidOf(service));
      expect(await run.stop()).toBe(0);
      expect(pids.filter((pid) => !isGone(pid))).toEqual([]);
    },
    240_000,
  );

  it('starts a killed service again, the platform answers again, and all stop with the launcher', async () => {
    const run = new LauncherRun();
    runs.push(run);
    await run.start();
    expect(await run.awaitReady()).toEqual(Array(9).fill(200));
    const identity = run.pidOf('identity');
    process.kill(identity!, 'SIGKILL');
    const restarted = await run.awaitLine(
      (line) => line.msg === 'identity ready' && (line.restart ?? 0) >= 1,
    );
    expect(restarted).toBeDefined();
    expect(
      run.lines.some((line) =>
        /^identity exited \(SIGKILL\); restarting in \d+ ms$/.test(line.msg),
      ),
    ).toBe(true);
    expect(run.pidOf('identity')).not.toBe(identity);
    // Registration runs in identity: served by the new process.
    const usd = await registerAndReadBalances(run.base_url, `${run.prefix}-again@example.com`);
    expect(new Big(usd).gte(10_000)).toBe(true);
    // The launcher itself dies: its processes notice and stop instead of living on unsupervised.
    const pids = [...BUS_SERVICE_NAMES, 'gateway'].map((service) => run.pidOf(service));
    await run.kill();
    for (let attempt = 0; attempt < 120 && pids.some((pid) => !isGone(pid)); attempt++)
      await pause(250);
    expect(pids.filter((pid) => !isGone(pid))).toEqual([]);
  }, 240_000);
});
