import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { NOTIFICATIONS_COMMANDS } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  startTestPlatform,
  TEST_OPERATOR_TOKEN as OPERATOR_TOKEN,
  type TestPlatform,
} from '@platform/all-in-one';
import { buildDist, distEntry } from '@platform/testing';

const run = promisify(execFile);
const CLI = distEntry('tools/cli/src/main.js');

/** The operator CLI against a running all-in-one platform, as an operator would use it. */
describe('operator CLI', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    buildDist();
    platform = await startTestPlatform('cli');
  });
  afterAll(async () => platform.dispose());

  const cli = async (...args: string[]) => {
    const { stdout } = await run(
      process.execPath,
      [CLI, '--url', platform.environments.test.base_url, ...args],
      {
        env: { ...process.env, OPERATOR_TOKEN },
      },
    );
    return stdout;
  };
  const cliFailure = async (...args: string[]) =>
    run(process.execPath, [CLI, '--url', platform.environments.test.base_url, ...args], {
      env: { ...process.env, OPERATOR_TOKEN },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );

  it('creates and lists organizations, and reports a refusal with its code', async () => {
    const created = JSON.parse(
      await cli(
        'org',
        'create',
        '--slug',
        'cli-org',
        '--name',
        'CLI Org',
        '--timezone',
        'America/Lima',
        '--locale',
        'es',
        '--brand',
        'primary_color=#0a84ff',
      ),
    ) as { slug: string; branding: Record<string, string> };
    expect(created).toMatchObject({
      slug: 'cli-org',
      timezone: 'America/Lima',
      locale: 'es',
      branding: { primary_color: '#0a84ff' },
    });
    const listed = JSON.parse(await cli('org', 'list')) as { organizations: { slug: string }[] };
    expect(listed.organizations.map((o) => o.slug).sort()).toEqual(['cli-org', 'demo']);
    const duplicate = await cliFailure('org', 'create', '--slug', 'demo', '--name', 'Again');
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('duplicate');
  });

  it('creates and lists organization admins', async () => {
    await cli(
      'org-admin',
      'create',
      '--org',
      'cli-org',
      '--email',
      'Chief@Cli.Example',
      '--password',
      'long enough',
    );
    const listed = JSON.parse(await cli('org-admin', 'list', '--org', 'cli-org')) as {
      admins: { email: string }[];
    };
    expect(listed.admins.map((a) => a.email)).toEqual(['chief@cli.example']);
  });

  it('blocks and unblocks an account, and reports an unknown one with its code', async () => {
    const base_url = platform.environments.test.base_url;
    const post = (route: string, body: unknown) =>
      fetch(`${base_url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const email = 'blocked@cli.example';
    await post('/v1/auth/register', {
      org: 'demo',
      type: 'person',
      email,
      password: 'long enough',
      display_name: 'Blocked',
    });
    const confirmed = (await (
      await post('/v1/auth/register/confirm', { org: 'demo', email, code: '000000' })
    ).json()) as { account: { id: string } };
    const account_id = confirmed.account.id;

    const blocked = JSON.parse(
      await cli('accounts', 'block', '--account', account_id, '--reason', 'chargeback', 'review'),
    ) as Record<string, unknown>;
    expect(blocked).toEqual({
      account_id,
      status: 'blocked',
      blocked_reason: 'chargeback review',
      blocked_at: expect.any(String),
    });
    expect(JSON.parse(await cli('accounts', 'unblock', '--account', account_id))).toEqual({
      account_id,
      status: 'active',
      blocked_reason: null,
      blocked_at: null,
    });
    const unknown = await cliFailure(
      'accounts',
      'block',
      '--account',
      '00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('not_found');
  });

  it('lists the mailbox', async () => {
    await new BusClient(platform.environments.test.bus).send(NOTIFICATIONS_COMMANDS.send_message, {
      channel: 'sms',
      recipient: '+15550100',
      body: 'code 424242',
      account_id: 'acc-cli',
    });
    const mailbox = JSON.parse(await cli('mailbox', '--account', 'acc-cli')) as {
      messages: { recipient: string; body: string }[];
    };
    expect(mailbox.messages).toEqual([
      expect.objectContaining({ recipient: '+15550100', body: 'code 424242' }),
    ]);
  });

  it('replays stored events as NDJSON, filtered by type, account and position', async () => {
    const database_url = platform.environments.test.database_url;
    const lines = (
      await cli(
        'events',
        'replay',
        '--database-url',
        database_url,
        '--type',
        'identity.organization_created',
        '--no-progress',
      )
    )
      .trim()
      .split('\n')
      .map(
        (line) => JSON.parse(line) as { type: string; position: string; data: { slug: string } },
      );
    expect(lines.map((event) => event.data.slug)).toEqual(['demo', 'cli-org']);
    expect(lines.every((event) => event.type === 'identity.organization_created')).toBe(true);
    const after_first = await cli(
      'events',
      'replay',
      '--database-url',
      database_url,
      '--from-position',
      lines[0]!.position,
      '--no-progress',
    );
    expect(after_first).not.toContain('"slug":"demo"');
    expect(after_first).toContain('"slug":"cli-org"');
    expect(
      await cli(
        'events',
        'replay',
        '--database-url',
        database_url,
        '--account',
        'nobody',
        '--no-progress',
      ),
    ).toBe('');
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(
      await cli(
        'events',
        'replay',
        '--database-url',
        database_url,
        '--since',
        future,
        '--no-progress',
      ),
    ).toBe('');
  });

  it('tails the live bus: what is published after it starts shows up as NDJSON', async () => {
    const tail = spawn(
      process.execPath,
      [
        CLI,
        '--url',
        platform.environments.test.base_url,
        'events',
        'tail',
        '--raw',
        '--topic',
        'events.identity',
      ],
      {
        env: { ...process.env, OPERATOR_TOKEN },
      },
    );
    let stdout = '';
    let stderr = '';
    tail.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    tail.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      for (let i = 0; i < 200 && !stderr.includes('tailing'); i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stderr).toContain('events.identity');
      await cli('org', 'create', '--slug', 'tailed', '--name', 'Tailed');
      for (let i = 0; i < 200 && !stdout.includes('"slug":"tailed"'); i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const lines = stdout
        .trim()
        .split('\n')
        .map(
          (line) =>
            JSON.parse(line) as {
              topic: string;
              payload: { type: string; data: { slug: string } };
            },
        );
      expect(lines.find((line) => line.payload.data.slug === 'tailed')).toMatchObject({
        topic: 'events.identity',
        payload: { type: 'identity.organization_created' },
      });
      expect(lines.some((line) => line.payload.data.slug === 'cli-org')).toBe(false);
    } finally {
      tail.kill('SIGTERM');
    }
  });
});
