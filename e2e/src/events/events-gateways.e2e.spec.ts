import { createHmac } from 'node:crypto';
import { waitFor } from '@platform/testing';
import { startPlatform, type E2ePlatform } from '../harness';
import {
  eventsClient,
  json,
  openAccount,
  http,
  startWebhookReceiver,
  type SseClient,
  type TestAccount,
} from '../clients';

/**
 * Webhook delivery and the event stream behind two gateways: any gateway serves any account's
 * stream (on the distributed runtime each gateway process holds a broadcast subscription to
 * `public-events` on Kafka), and the stream limits hold across both (the notifications service
 * counts them for every gateway). The all-in-one runtime has one gateway per environment: both
 * names reach it, and the same limits hold.
 */
const SECRET = 'whsec_distributed_secret';
const MAX_STREAMS_PER_ACCOUNT = 3;
const OPENINGS_PER_HOUR = 40;

describe('events behind two gateways', () => {
  let platform: E2ePlatform;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let gateway_a: string;
  let gateway_b: string;
  let payer: TestAccount;
  const streams: SseClient[] = [];
  /** Every stream opening of this suite comes from 127.0.0.1; those past the address check. */
  let counted_openings = 0;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    platform = await startPlatform({
      label: 'evgateways',
      gateways: 2,
      settings: {
        WEBHOOKS_ALLOW_LOOPBACK: 'true',
        WEBHOOK_POLL_MS: '100',
        EVENTS_MAX_STREAMS_PER_ACCOUNT: String(MAX_STREAMS_PER_ACCOUNT),
        EVENTS_STREAM_OPENINGS_PER_HOUR: String(OPENINGS_PER_HOUR),
      },
    });
    [gateway_a, gateway_b] = platform.gateways as [string, string];
    payer = await openAccount(behind(gateway_a), { label: 'payer' });
  });

  afterAll(async () => {
    streams.forEach((stream) => stream.close());
    await platform.close();
    await receiver.close();
  });

  /** The test environment as reached through one of its gateways. */
  const behind = (base_url: string) => http({ ...platform.environments.test, base_url });
  const events = (base_url: string) => eventsClient({ ...platform.environments.test, base_url });

  /**
   * Asks for a stream: an open one is status 200, a refusal its status and error. An opening
   * counts against the address unless it is refused as rate_limited.
   */
  async function tryStream(base_url: string, token: string, headers: Record<string, string> = {}) {
    const stream = await events(base_url).stream(token, '', headers);
    streams.push(stream);
    const status = stream.response.status;
    const error =
      status === 200 ? null : ((await stream.response.json()) as { error: string }).error;
    if (error !== 'rate_limited') counted_openings += 1;
    return { stream, status, error, close: () => stream.close() };
  }

  /** Registers on gateway A and confirms on gateway B. */
  const registerAccount = (label: string) =>
    openAccount(behind(gateway_a), {
      label,
      registration: { display_name: 'Stream Reader' },
      confirm: { confirm_via: behind(gateway_b) },
    });

  async function openStream(base_url: string, token: string, headers: Record<string, string> = {}) {
    const { stream, status } = await tryStream(base_url, token, headers);
    expect(status).toBe(200);
    await waitFor(() => stream.frames.some((frame) => frame.comment === 'connected'), 60_000);
    return stream;
  }

  /** A transfer from the payer: the ledger publishes transfer_received to the recipient. */
  const transferTo = async (account: TestAccount, amount: string) =>
    json(
      await behind(gateway_a).request('POST', '/v1/transfers', {
        token: payer.access_token,
        body: { recipient: account.account_id, asset: 'USD', amount, description: 'over the bus' },
      }),
      201,
    );

  it('streams from either gateway and delivers the signed webhook once per event', async () => {
    const account = await registerAccount('dist');
    const token = account.access_token;
    const subscribed = await behind(gateway_b).request('POST', '/v1/webhooks/subscriptions', {
      token,
      body: { event_type: 'transfer_received', callback_url: receiver.url(), secret: SECRET },
    });
    expect(subscribed.status).toBe(201);
    const on_a = await openStream(gateway_a, token);
    const on_b = await openStream(gateway_b, token);

    await transferTo(account, '1.00');
    await transferTo(account, '2.00');
    await waitFor(() => on_a.ids().length === 2 && on_b.ids().length === 2, 60_000);
    expect(on_b.ids()).toEqual(on_a.ids());

    await waitFor(() => receiver.received.length === 2, 60_000);
    expect(new Set(receiver.received.map((hook) => hook.headers['x-webhook-event-id']))).toEqual(
      new Set(on_a.ids()),
    );
    for (const hook of receiver.received) {
      const timestamp = String(hook.headers['x-webhook-timestamp']);
      const expected = createHmac('sha256', SECRET)
        .update(Buffer.concat([Buffer.from(`${timestamp}.`), hook.raw_body]))
        .digest('hex');
      expect(hook.headers['x-webhook-signature']).toBe(expected);
    }

    // Resuming on the other gateway replays from the store, then goes live.
    const resumed = await openStream(gateway_a, token, { 'last-event-id': on_b.ids()[0] ?? '' });
    await waitFor(() => resumed.ids().length === 1, 60_000);
    await transferTo(account, '3.00');
    await waitFor(() => resumed.ids().length === 2 && on_b.ids().length === 3, 60_000);
    expect(resumed.ids()).toEqual(on_b.ids().slice(1));
  });

  it('counts an account’s streams once across both gateways, and frees a closed one at once', async () => {
    const { access_token: token } = await registerAccount('dist-limit');
    const opened = [
      await tryStream(gateway_a, token),
      await tryStream(gateway_b, token),
      await tryStream(gateway_a, token),
    ];
    expect(opened.map((stream) => stream.status)).toEqual([200, 200, 200]);
    for (const base_url of [gateway_b, gateway_a]) {
      const refused = await tryStream(base_url, token);
      expect([refused.status, refused.error]).toEqual([429, 'too_many_streams']);
    }

    // The stream closed on gateway B gives its slot back for either gateway.
    opened[1]!.close();
    let reopened = await tryStream(gateway_a, token);
    await waitFor(async () => {
      if (reopened.status === 200) return true;
      expect([reopened.status, reopened.error]).toEqual([429, 'too_many_streams']);
      await new Promise((resolve) => setTimeout(resolve, 250));
      reopened = await tryStream(gateway_a, token);
      return false;
    }, 60_000);
    const refused = await tryStream(gateway_b, token);
    expect([refused.status, refused.error]).toEqual([429, 'too_many_streams']);
  });

  it('counts the openings from one address once across both gateways', async () => {
    const gateways_in_turn = [gateway_a, gateway_b];
    const { access_token: token } = await registerAccount('dist-window');
    // Past the account's ceiling openings are refused as too_many_streams, and still count.
    let turn = 0;
    let last = await tryStream(gateways_in_turn[turn % 2]!, token);
    while (last.error !== 'rate_limited' && turn < OPENINGS_PER_HOUR * 2) {
      turn += 1;
      last = await tryStream(gateways_in_turn[turn % 2]!, token);
    }
    expect([last.status, last.error]).toEqual([429, 'rate_limited']);
    expect(counted_openings).toBe(OPENINGS_PER_HOUR);
    const on_the_other = await tryStream(gateways_in_turn[(turn + 1) % 2]!, token);
    expect([on_the_other.status, on_the_other.error]).toEqual([429, 'rate_limited']);
  });
});
