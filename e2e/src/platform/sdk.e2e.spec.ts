import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  ApiError,
  createClient,
  dataOf,
  verifyWebhookSignature,
  type PlatformClient,
  type StreamedEvent,
} from '@platform/sdk';
import { buildDist, distEntry, REPO_ROOT } from '@platform/testing';
import { startPlatform, type E2ePlatform } from '../harness';
import {
  DELIVERY_WAIT,
  eventually,
  http,
  openAccount,
  startWebhookReceiver,
  type TestAccount,
  type WebhookReceiver,
} from '../clients';

const run = promisify(execFile);
const SECRET = 'whsec_sdk_suite_secret_value';

/**
 * The SDK (issue 19) against the running platform: its committed types are what the served
 * document generates, the quickstart example runs to the end, webhook signatures the platform
 * makes verify, and the event stream resumes after the last event seen.
 */
describe('SDK', () => {
  let platform: E2ePlatform;
  let receiver: WebhookReceiver;
  const client = http(() => platform.environments.test);
  const base_url = () => platform.environments.test.base_url;
  const sdkOf = (account: TestAccount): PlatformClient =>
    createClient({ baseUrl: base_url(), accessToken: account.access_token, environment: 'test' });

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'sdk',
      settings: { WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_SCALE: '0.01' },
    });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await platform?.close();
  });

  /** Sends `amount` USD from one account to the other: the transfer's id. */
  const transfer = async (from: TestAccount, to: TestAccount, amount: string): Promise<string> => {
    const body = await dataOf(
      sdkOf(from).POST('/v1/transfers', {
        body: { recipient: to.account_id, asset: 'USD', amount, description: 'sdk suite' },
      }),
    );
    if (!('transfer_id' in body)) throw new Error('a transfer answered something else');
    return body.transfer_id;
  };

  it('has committed the types the served OpenAPI document generates', async () => {
    buildDist();
    // `npm run sdk:generate`'s own program, on the live document: exit 1 and a message on drift.
    const checked = await run(
      process.execPath,
      [
        distEntry('tools/scripts/sdk-generate.js'),
        '--from',
        `${base_url()}/openapi.json`,
        '--check',
      ],
      { cwd: REPO_ROOT },
    ).catch((error: { stdout: string; stderr: string }) => error);
    expect(checked.stderr).toBe('');
    expect(checked.stdout).toBe('libs/sdk/src/schema.d.ts is up to date\n');
  });

  it('runs the quickstart example against the sandbox to the end', async () => {
    buildDist();
    // A failed run rejects with its exit code and stderr.
    const { stdout } = await run(process.execPath, [distEntry('docs/examples/quickstart.js')], {
      env: { ...process.env, PLATFORM_URL: base_url() },
    });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^account [0-9a-f-]{36}$/);
    expect(lines).toContainEqual(expect.stringMatching(/^balance USD \d+\.\d{2}$/));
    const created = lines.find((line) => line.startsWith('payout '))?.split(' ');
    expect(created).toEqual(['payout', expect.any(String), 'processing']);
    expect(lines).toContain('payout replayed same');
    // The new payout, and the sandbox account's three completed demo payouts.
    const listed = lines.filter((line) => line.startsWith('listed payout '));
    expect(listed).toHaveLength(4);
    expect(listed).toContainEqual(
      expect.stringMatching(new RegExp(`^listed payout ${created![1]} \\w+$`)),
    );
    expect(listed.filter((line) => line.endsWith(' completed')).length).toBeGreaterThanOrEqual(3);
  });

  it('throws an error answer as ApiError with its code and request id', async () => {
    const [payer, payee] = [await openAccount(client), await openAccount(client)];
    const refusal = await transfer(payer, payee, '999999999.00').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({
      status: 402,
      code: 'insufficient_funds',
      request_id: expect.stringMatching(/^req_/),
    });
  });

  it('verifies the signature of a webhook the platform delivered, and refuses it altered', async () => {
    const [payer, payee] = [await openAccount(client), await openAccount(client)];
    const route = `/sdk-${payee.account_id}`;
    await dataOf(
      sdkOf(payee).POST('/v1/webhooks/subscriptions', {
        body: {
          event_type: 'transfer_received',
          callback_url: receiver.url(route),
          secret: SECRET,
        },
      }),
    );
    const transfer_id = await transfer(payer, payee, '3.00');
    const [hook] = await eventually(
      async () => receiver.received.filter((each) => each.path === route),
      (hooks) => hooks.length > 0,
      DELIVERY_WAIT,
    );
    expect(JSON.parse(hook!.raw_body.toString('utf8'))).toMatchObject({
      type: 'transfer_received',
      data: { transfer_id },
    });
    expect(verifyWebhookSignature(hook!.raw_body, hook!.headers, SECRET)).toBe(true);
    const altered = Buffer.from(hook!.raw_body.toString('utf8').replace('"3.00"', '"300.00"'));
    expect(verifyWebhookSignature(altered, hook!.headers, SECRET)).toBe(false);
    expect(verifyWebhookSignature(hook!.raw_body, hook!.headers, `${SECRET}x`)).toBe(false);
  });

  it('streams the account events and resumes after the last one seen', async () => {
    const [payer, payee] = [await openAccount(client), await openAccount(client)];
    const controller = new AbortController();
    const live = sdkOf(payee).events({ snapshot: true, signal: controller.signal });
    // The snapshot frame comes once the stream is open: the transfer after it is streamed live.
    expect((await live.next()).value).toMatchObject({ event: 'snapshot', id: null });
    const first = await transfer(payer, payee, '1.00');
    const streamed = (await live.next()).value as StreamedEvent;
    expect(streamed).toMatchObject({
      event: 'transfer_received',
      id: expect.any(String),
      data: { type: 'transfer_received', data: { transfer_id: first } },
    });
    controller.abort();
    await live.return(undefined);

    const missed = await transfer(payer, payee, '2.00');
    const resumed = sdkOf(payee).events({
      last_event_id: streamed.id!,
      types: ['transfer_received'],
    });
    const replayed = (await resumed.next()).value as StreamedEvent;
    await resumed.return(undefined);
    expect(replayed).toMatchObject({
      event: 'transfer_received',
      data: { data: { transfer_id: missed } },
    });
  });
});
