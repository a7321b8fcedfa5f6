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

interface Session {
  account_id: string;
  email: string;
  authorization: string;
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

  let account_counter = 0;
  /** A confirmed sandbox account of the demo organization (with its demo balance). */
  async function openAccount(label: string): Promise<Session> {
    const email = `tail-${label}-${Date.now()}-${++account_counter}@example.com`;
    const post = (route: string, body: unknown) =>
      fetch(`${base_url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const registration = { org: 'demo', type: 'person', email, display_name: 'Tail Holder' };
    const registered = await post('/v1/auth/register', {
      ...registration,
      password: 'correct horse battery',
      country: 'US',
    });
    expect(registered.status).toBe(201);
    const confirmed = await post('/v1/auth/register/confirm', {
      org: 'demo',
      email,
      code: '000000',
    });
    expect(confirmed.status).toBe(200);
    const session = (await confirmed.json()) as { access_token: string; account: { id: string } };
    return {
      account_id: session.account.id,
      email,
      authorization: `Bearer ${session.access_token}`,
    };
  }

  const send = async (from: Session, route: string, body: unknown, status = 201) => {
    const response = await fetch(`${base_url}${route}`, {
      method: 'POST',
      headers: { authorization: from.authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(status);
    return (await response.json()) as Record<string, string>;
  };
  const transfer = (from: Session, to: Session, amount: string) =>
    send(from, '/v1/transfers', { recipient: to.email, asset: 'USD', amount });

  /** Starts tails and waits until each has its subscription in place. */
  async function startTails(...argument_lists: string[][]) {
    const started = argument_lists.map((args) => startTail(base_url, ...args));
    await until(() => started.every(({ output }) => output.stderr.includes('tailing')));
    return started.map(({ output }) => output);
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
    const { output } = startTail(
      base_url,
      '--raw',
      '--topic',
      'events.identity',
      '--idle-timeout',
      '1',
    );
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
      '--raw',
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

  describe('public events (issue 19)', () => {
    let payer: Session;
    let payee: Session;
    let other: Session;

    beforeAll(async () => {
      [payer, payee, other] = await Promise.all(
        ['payer', 'payee', 'other'].map((label) => openAccount(label)),
      );
    });

    it('prints one readable line per public event, filtered by account and type', async () => {
      const [pretty, payee_only, payouts_only, as_json] = await startTails(
        [],
        ['--account', payee.account_id],
        ['--type', 'kyc_link_completed,payout_status_changed', '--type', 'wallet_linked'],
        ['--format', 'json', '--account', `${other.account_id},${payee.account_id}`],
      );
      const to_payee = await transfer(payer, payee, '3.25');
      const to_other = await transfer(payer, other, '4.50');
      const payout = await send(
        payer,
        '/v1/payouts',
        {
          country: 'BR',
          currency: 'BRL',
          method: 'pix',
          amount: '10.00',
          beneficiary: { name: 'Ana Silva', account_number: 'ana@example.com' },
          idempotency_key: `tail-${Date.now()}`,
        },
        202,
      );
      const payout_line = new RegExp(
        `^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d  payout_status_changed  ${payer.account_id}  payout_id=${payout.payout_id} .*status=`,
        'm',
      );
      await until(
        () =>
          pretty.stdout.includes(`transfer_id=${to_other.transfer_id}`) &&
          payout_line.test(pretty.stdout) &&
          payout_line.test(payouts_only.stdout) &&
          payee_only.stdout.includes(to_payee.transfer_id!) &&
          as_json.stdout.includes(to_other.transfer_id!),
        20_000,
      );

      // Pretty: local time, public type, the account it belongs to (the payee), the summary.
      expect(pretty.stdout).toMatch(
        new RegExp(
          `^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d  transfer_received  ${payee.account_id}  transfer_id=${to_payee.transfer_id} from_account_id=${payer.account_id} to_account_id=${payee.account_id} amount=3.25 asset=USD$`,
          'm',
        ),
      );
      expect(pretty.stdout).not.toContain('"topic"');
      expect(payouts_only.stdout).toMatch(payout_line);
      // --account: the other account's transfer, made after the payee's, never shows.
      expect(payee_only.stdout).toContain(`transfer_received  ${payee.account_id}`);
      expect(payee_only.stdout).not.toContain(to_other.transfer_id);
      expect(payee_only.stdout).not.toContain('payout_status_changed');
      // --type: the payouts' tail saw the transfers go by, and printed none of them.
      expect(payouts_only.stdout).not.toContain('transfer_received');
      // --format json: one public envelope with its account per line.
      const envelopes = as_json.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(
        envelopes.every((event) =>
          [payee.account_id, other.account_id].includes(event.account_id as string),
        ),
      ).toBe(true);
      expect(envelopes.find((event) => event.account_id === other.account_id)).toEqual({
        id: expect.any(String),
        type: 'transfer_received',
        created_at: expect.any(String),
        livemode: false,
        account_id: other.account_id,
        data: expect.objectContaining({
          transfer_id: to_other.transfer_id,
          amount: '4.50',
          asset: 'USD',
        }),
      });
    });

    it('refuses an unknown --type with exit code 2, listing the valid ones', async () => {
      const refused = await run(process.execPath, [
        CLI,
        '--url',
        base_url,
        'events',
        'tail',
        '--type',
        'transfer_received,payouts.payout_status_changed',
      ]).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(
        'unknown public event type: payouts.payout_status_changed; valid types: ',
      );
      expect(refused.stderr).toContain('payout_status_changed, ');
    });
  });
});
