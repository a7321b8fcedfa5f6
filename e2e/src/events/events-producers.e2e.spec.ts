import { startPlatform, type E2ePlatform } from '../harness';
import {
  DELIVERY_WAIT,
  eventOf,
  eventsClient,
  eventually,
  hookEvent,
  http,
  json,
  openAccount,
  settle,
  startWebhookReceiver,
  webhookSignature,
  type PublicEvent,
  type ReceivedHook,
  type SseClient,
  type TestAccount,
  type WebhookReceiver,
} from '../clients';

/**
 * Public events end to end from the real producers: a transfer through the ledger and a payout
 * through the payouts service reach the stream, the webhook and the history.
 */
const SECRET = 'whsec_producers_secret_value';

describe('public events from the real producers', () => {
  let platform: E2ePlatform;
  let receiver: WebhookReceiver;
  let key_counter = 0;
  const client = http(() => platform.environments.test);
  const events = eventsClient(() => platform.environments.test);
  const streams: SseClient[] = [];

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    platform = await startPlatform({
      label: 'evprod',
      settings: {
        WEBHOOKS_ALLOW_LOOPBACK: 'true',
        WEBHOOK_POLL_MS: '50',
        SANDBOX_STEP_MS: '200',
        PAYINS_QR_EXPIRY_MS: '1500',
      },
    });
  });
  afterAll(async () => {
    streams.forEach((stream) => stream.close());
    await receiver.close();
    await platform.close();
  });

  const account = () =>
    openAccount(client, { label: 'producers', registration: { display_name: 'Event Producer' } });

  const call = (method: string, route: string, owner: TestAccount, body?: unknown) =>
    client.request(method, route, {
      token: owner.access_token,
      body,
      headers: { accept: 'application/json' },
    });

  /** One account's stream, once the server has registered it. */
  async function openStream(owner: TestAccount): Promise<SseClient> {
    const stream = await events.stream(owner.access_token);
    streams.push(stream);
    expect(stream.response.status).toBe(200);
    return stream.connected();
  }

  /** The frames of one event type (`event:`) a stream carried, with their event. */
  const streamedOf = (stream: SseClient, type: string) =>
    stream
      .events()
      .filter((frame) => frame.event === type)
      .map((frame) => ({ event: frame.event, data: eventOf(frame) }));

  /** Webhooks received of one type that belong to the account (the recipient for transfers). */
  function hooksOf(type: string, account_id: string): { raw: ReceivedHook; event: PublicEvent }[] {
    return receiver.received
      .map((raw) => ({ raw, event: hookEvent(raw) }))
      .filter(({ event }) => event.type === type)
      .filter(({ event }) => (event.data.to_account_id ?? event.data.account_id) === account_id);
  }

  const hooksUntil = (type: string, account_id: string, done: (count: number) => boolean) =>
    eventually(async () => hooksOf(type, account_id).length, done, DELIVERY_WAIT);

  async function subscribe(owner: TestAccount, event_type: string): Promise<void> {
    await events.subscription(owner.access_token, {
      event_type,
      callback_url: receiver.url(),
      secret: SECRET,
    });
  }

  it('delivers transfer_received to the recipient by stream, webhook and history', async () => {
    const payer = await account();
    const payee = await account();
    await subscribe(payee, 'transfer_received');
    const payee_stream = await openStream(payee);
    const payer_stream = await openStream(payer);
    const sent = await call('POST', '/v1/transfers', payer, {
      recipient: payee.email,
      asset: 'USD',
      amount: '12.34',
      description: 'events e2e',
      idempotency_key: `transfer-${++key_counter}`,
    });
    expect(sent.status).toBe(201);
    const transfer = (await sent.json()) as Record<string, any>;
    const received = await eventually(
      async () => streamedOf(payee_stream, 'transfer_received'),
      (found) => found.length >= 1,
      DELIVERY_WAIT,
    );
    const [streamed, ...more] = received;
    expect(more).toEqual([]);
    expect(streamed?.event).toBe('transfer_received');
    expect(streamed?.data.data).toEqual({
      transfer_id: transfer.transfer_id ?? transfer.id,
      from_account_id: payer.account_id,
      to_account_id: payee.account_id,
      asset: 'USD',
      amount: '12.34',
      description: 'events e2e',
      created_at: expect.any(String),
    });
    await hooksUntil('transfer_received', payee.account_id, (count) => count === 1);
    const [hook] = hooksOf('transfer_received', payee.account_id);
    expect(hook?.raw.headers['x-webhook-signature']).toBe(webhookSignature(SECRET, hook!.raw));
    expect(hook?.event.id).toBe(streamed?.data.id);
    const listed = await events.listed(payee.access_token, '?types=transfer_received');
    expect(listed.map((event) => event.id)).toEqual([streamed?.data.id]);
    // The payer is not the recipient: no transfer_received on its stream.
    expect(streamedOf(payer_stream, 'transfer_received')).toEqual([]);
  });

  it('projects each of many concurrent transfers once, in history and by webhook', async () => {
    // Events delivered together are taken in one transaction: none may be lost or doubled.
    const payers = await Promise.all(Array.from({ length: 4 }, () => account()));
    const payee = await account();
    await subscribe(payee, 'transfer_received');
    const sent = await Promise.all(
      payers.flatMap((payer) =>
        Array.from({ length: 5 }, async () => {
          const response = await call('POST', '/v1/transfers', payer, {
            recipient: payee.account_id,
            asset: 'USD',
            amount: '0.10',
          });
          return (await json<{ transfer_id: string }>(response, 201)).transfer_id;
        }),
      ),
    );
    const listed = await eventually(
      () => events.listed(payee.access_token, '?types=transfer_received&page_size=100'),
      (found) => found.length >= sent.length,
      DELIVERY_WAIT,
    );
    expect(listed.map((event) => event.data.transfer_id as string).sort()).toEqual(
      [...sent].sort(),
    );
    await hooksUntil('transfer_received', payee.account_id, (count) => count >= sent.length);
    await settle(300);
    const hooked = hooksOf('transfer_received', payee.account_id).map(({ event }) => event.id);
    expect([...hooked].sort()).toEqual(listed.map((event) => event.id).sort());
  });

  it('projects every payout_status_changed with the client idempotency key', async () => {
    const owner = await account();
    const idempotency_key = `payout-events-${++key_counter}`;
    await subscribe(owner, 'payout_status_changed');
    const owner_stream = await openStream(owner);
    const created = await call('POST', '/v1/payouts', owner, {
      country: 'BR',
      currency: 'BRL',
      method: 'pix',
      amount: '27.00',
      beneficiary: { name: 'Ana Silva', account_number: 'ana@example.com' },
      idempotency_key,
    });
    expect(created.status).toBe(202);
    const payout = (await created.json()) as { payout_id: string };
    await eventually(
      async () => owner_stream.published(),
      (found) => found.some((event) => event.data.status === 'completed'),
      DELIVERY_WAIT,
    );
    const statuses = streamedOf(owner_stream, 'payout_status_changed').map(
      (event) => event.data.data,
    );
    expect(statuses.every((data) => data.payout_id === payout.payout_id)).toBe(true);
    expect(statuses.every((data) => data.idempotency_key === idempotency_key)).toBe(true);
    expect(statuses[statuses.length - 1]).toMatchObject({
      account_id: owner.account_id,
      country: 'BR',
      currency: 'BRL',
      local_amount: '27.00',
      status: 'completed',
      funds_debited: true,
    });
    await hooksUntil(
      'payout_status_changed',
      owner.account_id,
      (count) => count === statuses.length,
    );
  });

  it('projects payin_credited and payin_expired from the payins service', async () => {
    const owner = await account();
    const idempotency_key = `payin-events-${++key_counter}`;
    const owner_stream = await openStream(owner);
    const credited = await call('POST', '/v1/payins', owner, {
      method: 'bank_transfer',
      country: 'MX',
      currency: 'MXN',
      amount: '1720.00',
      idempotency_key,
    });
    expect(credited.status).toBe(201);
    const failing = await call('POST', '/v1/payins', owner, {
      method: 'bank_transfer',
      country: 'MX',
      currency: 'MXN',
      amount: '10.99',
    });
    expect(failing.status).toBe(201);
    const credited_id = ((await credited.json()) as { payin_id: string }).payin_id;
    const failing_id = ((await failing.json()) as { payin_id: string }).payin_id;
    const streamed = await eventually(
      async () => owner_stream.published(),
      (found) => {
        const ids = found.map((event) => event.data.payin_id);
        return ids.includes(credited_id) && ids.includes(failing_id);
      },
      DELIVERY_WAIT,
    );
    const payin_credited = streamed.find(
      (event) => event.type === 'payin_credited' && event.data.payin_id === credited_id,
    );
    expect(payin_credited?.data).toMatchObject({
      payin_id: credited_id,
      account_id: owner.account_id,
      country: 'MX',
      currency: 'MXN',
      local_amount: '1720.00',
      fx_rate: expect.any(String),
      usdt_credited: expect.any(String),
      fee: expect.any(String),
      idempotency_key,
    });
    const payin_expired = streamed.find(
      (event) => event.type === 'payin_expired' && event.data.payin_id === failing_id,
    );
    expect(payin_expired?.data).toMatchObject({
      payin_id: failing_id,
      account_id: owner.account_id,
      status: 'failed',
      local_amount: '10.99',
      reference: expect.any(String),
    });
    // The failing payin had no client key: none is sent (never an internal one).
    expect(payin_expired?.data).not.toHaveProperty('idempotency_key');
  });
});
