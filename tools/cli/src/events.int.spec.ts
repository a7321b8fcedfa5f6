import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { promisify } from 'node:util';
import {
  startTestPlatform,
  TEST_OPERATOR_TOKEN as OPERATOR_TOKEN,
  type TestPlatform,
} from '@platform/all-in-one';
import { buildDist, distEntry, testAdminUrl } from '@platform/testing';

const run = promisify(execFile);
const CLI = distEntry('tools/cli/src/main.js');
const HEARTBEAT_MS = 200;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(condition: () => boolean, limit_ms = 10_000): Promise<void> {
  for (const deadline = Date.now() + limit_ms; !condition() && Date.now() < deadline;)
    await pause(50);
}

/** A TCP relay to the gateway whose connections the test can cut, as a network would. */
async function startRelay(
  target_port: number,
): Promise<{ port: number; cut(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined).on('close', () => sockets.delete(socket));
  };
  const server: Server = createServer((client) => {
    const upstream = connect(target_port, '127.0.0.1');
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    cut: () => sockets.forEach((socket) => socket.destroy()),
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/**
 * Issue 13: `events tail` died after 300 s without events and on any drop; `events replay`
 * ignored an invalid `--since` and looked for a database the distributed runtime does not use.
 */
describe('operator CLI: events tail and replay', () => {
  let platform: TestPlatform;
  let base_url: string;
  const tails: ChildProcess[] = [];

  beforeAll(async () => {
    buildDist();
    platform = await startTestPlatform('cli_events', {
      EVENTS_STREAM_HEARTBEAT_MS: String(HEARTBEAT_MS),
    });
    base_url = platform.environments.test.base_url;
  });
  afterAll(async () => {
    tails.forEach((tail) => tail.kill('SIGTERM'));
    await platform.dispose();
  });

  const createOrganization = (slug: string) =>
    fetch(`${base_url}/admin/v1/organizations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ slug, name: slug }),
    });

  function startTail(url: string, ...args: string[]) {
    const tail = spawn(process.execPath, [CLI, '--url', url, 'events', 'tail', ...args], {
      env: { ...process.env, OPERATOR_TOKEN },
    });
    tails.push(tail);
    const output = { stdout: '', stderr: '' };
    tail.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
    tail.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
    return { tail, output };
  }

  const replay = (env: NodeJS.ProcessEnv, ...args: string[]) =>
    run(process.execPath, [CLI, 'events', 'replay', '--no-progress', ...args], { env }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('gets heartbeat lines from the gateway while the bus is quiet', async () => {
    const controller = new AbortController();
    const response = await fetch(`${base_url}/admin/v1/bus/tail?topics=events.identity`, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      signal: controller.signal,
    });
    const lines: string[] = [];
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body!) {
        lines.push(
          ...decoder
            .decode(chunk as Uint8Array)
            .split('\n')
            .filter(Boolean),
        );
        if (lines.filter((line) => line.startsWith('{"heartbeat"')).length >= 3) break;
      }
    } finally {
      controller.abort();
    }
    expect(lines[0]).toBe('{"tailing":["events.identity"]}');
    expect(JSON.parse(lines.at(-1)!)).toEqual({ heartbeat: expect.any(String) });
  });

  it('keeps tailing through a quiet spell longer than its idle timeout', async () => {
    const { output } = startTail(base_url, '--topic', 'events.identity', '--idle-timeout', '1');
    await until(() => output.stderr.includes('tailing'));
    // Three idle timeouts without an event: heartbeats alone must keep the tail open.
    await pause(3_000);
    expect((await createOrganization('quiet-spell')).status).toBe(201);
    await until(() => output.stdout.includes('"slug":"quiet-spell"'));
    expect(output.stdout).toContain('"slug":"quiet-spell"');
    expect(output.stdout).not.toContain('heartbeat');
    expect(output.stderr).not.toContain('interrupted');
  });

  it('opens the stream again when the connection drops, and goes on printing', async () => {
    const relay = await startRelay(Number(new URL(base_url).port));
    const { tail, output } = startTail(
      `http://127.0.0.1:${relay.port}`,
      '--topic',
      'events.identity',
    );
    try {
      await until(() => output.stderr.includes('tailing'));
      relay.cut();
      await until(() => (output.stderr.match(/^tailing /gm) ?? []).length >= 2);
      expect(tail.exitCode).toBeNull();
      expect(output.stderr).toMatch(/tail interrupted: .*\nreconnecting in 1 s\n/);
      expect((await createOrganization('after-drop')).status).toBe(201);
      await until(() => output.stdout.includes('"slug":"after-drop"'));
      expect(output.stdout).toContain('"slug":"after-drop"');
    } finally {
      tail.kill('SIGTERM');
      relay.cut();
      await relay.close();
    }
  });

  it('refuses an impossible or unreadable --since, naming it', async () => {
    const env = { ...process.env, DATABASE_URL: platform.environments.test.database_url };
    for (const since of ['2026-02-30', '2026-13-01', '0000-01-01', 'yesterday', '2026-1-5']) {
      const { code, stderr } = await replay(env, '--since', since);
      expect(code).toBe(1);
      expect(stderr).toContain(`'${since}' is invalid`);
      expect(stderr).toContain('ISO 8601');
    }
    const valid = await replay(
      env,
      '--since',
      '2000-02-29',
      '--type',
      'identity.organization_created',
    );
    expect(valid.code).toBe(0);
    expect(valid.stdout).toContain('"slug":"demo"');
  });

  it("reads the runtime's own database by default: DATABASE_URL, or its prefix's database", async () => {
    const database_url = platform.environments.test.database_url;
    // Distributed: the environment's database is DATABASE_URL itself.
    const distributed = await replay(
      { ...process.env, DATABASE_URL: database_url },
      '--type',
      'identity.organization_created',
    );
    expect(distributed.stdout).toContain('"slug":"demo"');
    // All-in-one on a server of its own: `<DATABASE_PREFIX>_<env>` on DATABASE_URL's server.
    const prefix = new URL(database_url).pathname.slice(1).replace(/_test$/, '');
    const all_in_one = await replay(
      { ...process.env, DATABASE_URL: testAdminUrl(), DATABASE_PREFIX: prefix },
      '--type',
      'identity.organization_created',
    );
    expect(all_in_one.stdout).toContain('"slug":"demo"');
    // Nothing there: it says where it looked, without the password.
    const { DATABASE_URL: _unused, ...without_database } = process.env;
    const nowhere = await replay({ ...without_database, EMBEDDED_PG_PORT: '9' });
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toContain(
      'no event store found in postgres://postgres:***@127.0.0.1:9/',
    );
  });
});
