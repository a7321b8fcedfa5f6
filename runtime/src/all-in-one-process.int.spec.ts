import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { dropDatabase } from '@platform/persistence';
import {
  buildDist,
  distEntry,
  freePort,
  pidIsRunning as isRunning,
  startNodeProcess,
  testAdminUrl,
  type NodeProcess,
} from '@platform/testing';

const ENTRY = distEntry('runtime/src/all-in-one.js');
const OPERATOR_TOKEN = 'op_process_test';

interface Started {
  child: NodeProcess;
  test_url: string;
  live_url: string;
}

async function startProcess(env: Record<string, string>): Promise<Started> {
  const [port_test, port_live] = [await freePort(), await freePort()];
  const child = startNodeProcess(ENTRY, {
    env: {
      ...env,
      PORT_TEST: String(port_test),
      PORT_LIVE: String(port_live),
      OPERATOR_TOKEN,
    },
  });
  const started = {
    child,
    test_url: `http://127.0.0.1:${port_test}`,
    live_url: `http://127.0.0.1:${port_live}`,
  };
  // Bounded wait for both environments; the figure that matters (under 60 s) is D1's, not asserted.
  for (let attempt = 0; attempt < 240; attempt++) {
    if (!child.isRunning()) throw new Error(`platform exited with ${child.child.exitCode}`);
    const up = await Promise.all(
      [started.test_url, started.live_url].map((url) =>
        fetch(`${url}/healthz`).then(
          (r) => r.ok,
          () => false,
        ),
      ),
    );
    if (up.every(Boolean)) return started;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await child.stop('SIGKILL');
  throw new Error('platform did not answer /healthz');
}

async function stopProcess(child: NodeProcess, signal: NodeJS.Signals): Promise<number | null> {
  return (await child.stop(signal)).code;
}

/** Runs the process until it exits by itself: its exit code and what it wrote to stderr. */
async function runToExit(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  const child = startNodeProcess(ENTRY, {
    env: { ...env, PORT_TEST: '0', PORT_LIVE: '0', OPERATOR_TOKEN },
    capture_stderr: true,
  });
  const { code } = await child.exited;
  return { code, stderr: child.stderr() };
}

/** The postmaster of the embedded cluster in `data_dir`, from its lock file. */
function postmasterPid(data_dir: string): number | undefined {
  const lock = path.join(data_dir, 'postgres', 'postmaster.pid');
  if (!existsSync(lock)) return undefined;
  return Number(readFileSync(lock, 'utf8').split('\n')[0]);
}

/** Runs `work` with DATABASE_URL out of the environment the platform process inherits. */
async function withoutDatabaseUrl(work: () => Promise<void>): Promise<void> {
  const { DATABASE_URL: database_url, ...without_database } = process.env;
  process.env = without_database;
  try {
    await work();
  } finally {
    if (database_url !== undefined) process.env.DATABASE_URL = database_url;
  }
}

const admin = (base_url: string, route: string, init: RequestInit = {}) =>
  fetch(`${base_url}${route}`, {
    ...init,
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'application/json' },
  });

/** `npm start` as a process: both environments, graceful stop, data kept across restarts. */
describe('all-in-one process', () => {
  beforeAll(() => {
    buildDist();
  });

  it('keeps what it committed across a SIGTERM and a restart (DATABASE_URL)', async () => {
    const prefix = `proc_${Date.now().toString(36)}`;
    const env = {
      DATABASE_URL: testAdminUrl(),
      DATABASE_PREFIX: prefix,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'proc-')),
    };
    try {
      const first = await startProcess(env);
      expect(await (await fetch(`${first.live_url}/healthz`)).json()).toMatchObject({
        livemode: true,
      });
      const created = await admin(first.test_url, '/admin/v1/organizations', {
        method: 'POST',
        body: JSON.stringify({ slug: 'kept', name: 'Kept' }),
      });
      expect(created.status).toBe(201);
      expect(await stopProcess(first.child, 'SIGTERM')).toBe(0);

      const second = await startProcess(env);
      const listed = (await (await admin(second.test_url, '/admin/v1/organizations')).json()) as {
        organizations: { slug: string }[];
      };
      expect(listed.organizations.map((o) => o.slug)).toEqual(['demo', 'kept']);
      expect(await stopProcess(second.child, 'SIGINT')).toBe(0);
    } finally {
      await dropDatabase(testAdminUrl(), `${prefix}_test`);
      await dropDatabase(testAdminUrl(), `${prefix}_live`);
    }
  });

  // One embedded cluster for both stops (initdb is most of a first boot): a graceful stop keeps
  // the data, and so does a SIGKILL, whose orphaned PostgreSQL the next boot stops.
  it('runs on its embedded PostgreSQL in DATA_DIR, and keeps its data across a SIGTERM and a SIGKILL', async () => {
    const data_dir = mkdtempSync(path.join(os.tmpdir(), 'proc-embedded-'));
    const env = { DATA_DIR: data_dir, EMBEDDED_PG_PORT: String(await freePort()) };
    const slugsOf = async (base_url: string) =>
      (
        (await (await admin(base_url, '/admin/v1/organizations')).json()) as {
          organizations: { slug: string }[];
        }
      ).organizations.map((o) => o.slug);
    const createOrg = async (base_url: string, slug: string) =>
      (
        await admin(base_url, '/admin/v1/organizations', {
          method: 'POST',
          body: JSON.stringify({ slug, name: slug }),
        })
      ).status;
    await withoutDatabaseUrl(async () => {
      const first = await startProcess(env);
      expect(await (await fetch(`${first.test_url}/healthz`)).json()).toMatchObject({
        status: 'ok',
        livemode: false,
      });
      expect((await fetch(`${first.test_url}/healthz`)).headers.get('service-environment')).toBe(
        'test',
      );
      expect(await createOrg(first.test_url, 'embedded')).toBe(201);
      const first_server = postmasterPid(data_dir);
      expect(isRunning(first_server)).toBe(true);
      expect(await stopProcess(first.child, 'SIGTERM')).toBe(0);
      // A graceful stop stops the embedded server with the process.
      expect(isRunning(first_server)).toBe(false);

      const second = await startProcess(env);
      expect(await slugsOf(second.test_url)).toContain('embedded');
      expect(await createOrg(second.test_url, 'survivor')).toBe(201);
      expect(await stopProcess(second.child, 'SIGKILL')).toBeNull();
      // The embedded server outlives the process that started it: the situation of issue 13.
      const orphan = postmasterPid(data_dir);
      expect(isRunning(orphan)).toBe(true);

      const third = await startProcess(env);
      expect(await slugsOf(third.test_url)).toEqual(
        expect.arrayContaining(['embedded', 'survivor']),
      );
      expect(isRunning(orphan)).toBe(false);
      const running = postmasterPid(data_dir);
      expect(await stopProcess(third.child, 'SIGTERM')).toBe(0);
      expect(isRunning(running)).toBe(false);
    });
  });

  it('says what failed when its embedded PostgreSQL cannot start', async () => {
    const port = await freePort();
    // Another program holds the port the embedded server must listen on.
    const squatter: Server = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      await withoutDatabaseUrl(async () => {
        const data_dir = mkdtempSync(path.join(os.tmpdir(), 'proc-busy-'));
        const { code, stderr } = await runToExit({
          DATA_DIR: data_dir,
          EMBEDDED_PG_PORT: String(port),
        });
        expect(code).toBe(1);
        expect(stderr).toMatch(/^platform failed to start: .*PostgreSQL/m);
        expect(stderr).not.toContain('undefined');
        expect(stderr).toContain('Address already in use');
      });
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
