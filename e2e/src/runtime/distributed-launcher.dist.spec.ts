import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Big from 'big.js';
import { BUS_SERVICE_NAMES } from '@platform/runtime/health-ports';
import { cpuProfileFlags, SERVICE_NODE_FLAGS } from '@platform/runtime/node-flags';
import { buildDist, pidIsRunning } from '@platform/testing';
import { LauncherDeployment } from '../harness/launcher';
import { http, openAccount } from '../clients';

/**
 * Issue 13: `npm run start:distributed` on a fresh broker died two starts out of three, and one
 * dead service took the others down. Here the launcher starts every service process and the
 * gateway three times, each time on topics no run has used (a fresh broker as far as topics
 * go) and a fresh database; each time every /readyz must answer 200 and a client must register,
 * confirm and read its balances. The third time, one service is killed: the launcher starts it
 * again and the platform answers again; and when the launcher itself is killed, its processes
 * stop. The harness's distributed runtime is this launcher: this suite runs on the dist tier only.
 */
const COLD_STARTS = 2;
const OPERATOR_TOKEN = `op_launcher_${randomBytes(6).toString('hex')}`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One run of the launcher, on its own topic prefix and database. */
async function startRun(env: Record<string, string> = {}): Promise<LauncherDeployment> {
  const secrets = mkdtempSync(path.join(os.tmpdir(), 'launcher-secrets-'));
  writeFileSync(path.join(secrets, 'operator_token'), `${OPERATOR_TOKEN}\n`);
  return LauncherDeployment.start({
    environment: 'test',
    label: 'launch',
    env: {
      JWT_SECRET: `launcher-test-session-key-${randomBytes(8).toString('hex')}-0123456789`,
      // As compose and Kubernetes pass it: a file holding the secret.
      OPERATOR_TOKEN: undefined,
      OPERATOR_TOKEN_FILE: path.join(secrets, 'operator_token'),
      ...env,
    },
  });
}

async function registerAndReadBalances(base_url: string, label: string) {
  const client = http({ environment: 'test', base_url, operator_token: OPERATOR_TOKEN });
  const { access_token } = await openAccount(client, {
    label,
    registration: { display_name: 'Cold Start' },
  });
  const balances = await client.request('GET', '/v1/balances', { token: access_token });
  expect(balances.status).toBe(200);
  const body = (await balances.json()) as { balances: { asset: string; available: string }[] };
  return body.balances.find((row) => row.asset === 'USD')?.available ?? '0';
}

const isGone = (pid: number | undefined) => !pidIsRunning(pid);
/** The flags a running Node process was given before its script (Linux's /proc). */
const nodeFlagsOf = (pid: number) =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    .split('\0')
    .slice(1)
    .filter((arg) => arg.startsWith('--'));

describe('the distributed launcher', () => {
  const runs: LauncherDeployment[] = [];

  beforeAll(() => buildDist());
  afterAll(async () => {
    for (const run of runs) await run.dispose();
  });

  it.each(Array.from({ length: COLD_STARTS }, (_, index) => index + 1))(
    'cold start %i on fresh topics and a fresh database: every process ready, a client served',
    async (start) => {
      // The second start also asks every process for a CPU profile of its life.
      const profiles = start === 2 ? mkdtempSync(path.join(os.tmpdir(), 'launcher-prof-')) : '';
      const run = await startRun(profiles ? { CPU_PROFILE_DIR: profiles } : {});
      runs.push(run);
      expect(await run.awaitReady()).toEqual(Array(BUS_SERVICE_NAMES.length + 1).fill(200));
      const usd = await registerAndReadBalances(run.base_url, 'cold');
      // The sandbox's demo history (D5) credited the account through the ledger, over Kafka.
      expect(new Big(usd).gte(10_000)).toBe(true);
      // The operator token came from the file OPERATOR_TOKEN_FILE names.
      const admin = await fetch(`${run.base_url}/admin/v1/organizations`, {
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      });
      expect(admin.status).toBe(200);
      const services = [...BUS_SERVICE_NAMES, 'gateway'];
      const pids = services.map((service) => run.pidOf(service));
      // Every service runs with the platform's V8 flags, as the container image runs it.
      for (const [index, pid] of pids.entries())
        expect(nodeFlagsOf(pid!)).toEqual([
          ...SERVICE_NODE_FLAGS,
          ...cpuProfileFlags(profiles, services[index]!),
        ]);
      expect((await run.stop()).code).toBe(0);
      expect(pids.filter((pid) => !isGone(pid))).toEqual([]);
      // Stopped cleanly, each process wrote its profile as it exited.
      if (profiles)
        for (const service of services)
          expect(readdirSync(path.join(profiles, service))).toEqual([
            expect.stringMatching(/\.cpuprofile$/),
          ]);
    },
    240_000,
  );

  it('starts a killed service again, the platform answers again, and all stop with the launcher', async () => {
    const run = await startRun();
    runs.push(run);
    expect(await run.awaitReady()).toEqual(Array(BUS_SERVICE_NAMES.length + 1).fill(200));
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
    const usd = await registerAndReadBalances(run.base_url, 'again');
    expect(new Big(usd).gte(10_000)).toBe(true);
    // The launcher itself dies: its processes notice and stop instead of living on unsupervised.
    const pids = [...BUS_SERVICE_NAMES, 'gateway'].map((service) => run.pidOf(service));
    await run.kill();
    for (let attempt = 0; attempt < 120 && pids.some((pid) => !isGone(pid)); attempt++)
      await pause(250);
    expect(pids.filter((pid) => !isGone(pid))).toEqual([]);
  }, 240_000);
});
