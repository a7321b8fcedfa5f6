import { randomUUID } from 'node:crypto';
import { startAllInOneOnly, type E2eAllInOnePlatform } from '../harness';
import {
  DELIVERY_WAIT,
  domainEventMessage,
  eventsClient,
  eventually,
  hookEvent,
  http,
  json,
  openAccount,
  settle,
  startWebhookReceiver,
  webhookSignature,
  type ReceivedHook,
  type TestAccount,
  type WebhookReceiver,
} from '../clients';

/**
 * Webhook delivery (spec §6): the public event POSTed with its headers and both signatures over
 * the raw bytes, only to subscriptions of its type, retried with the same event id and a new
 * delivery id, given up after 5 attempts and redelivered by hand, and still sent once queued for
 * a subscription disabled since. All-in-one only: the payout events are published on the bus,
 * with figures and a field a producer must never leak that no route makes.
 */
const SECRET = 'whsec_integration_secret_value';

describe('webhooks: signed, retried delivery', () => {
  let platform: E2eAllInOnePlatform;
  const client = http(() => platform.environments.test);
  const events = eventsClient(() => platform.environments.test);
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    platform = await startAllInOneOnly({
      label: 'whdeliver',
      settings: {
        WEBHOOKS_ALLOW_LOOPBACK: 'true',
        WEBHOOK_RETRY_SCALE: '0.02',
        WEBHOOK_POLL_MS: '50',
        WEBHOOK_TIMEOUT_MS: '2000',
      },
    });
  });
  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()));
    await platform.close();
  });

  async function receiver(): Promise<WebhookReceiver> {
    const started = await startWebhookReceiver();
    receivers.push(started);
    return started;
  }

  /** A confirmed account, and the organization `GET /v1/me` names for it. */
  async function account(): Promise<TestAccount & { org_id: string }> {
    const opened = await openAccount(client, {
      label: 'hooks',
      registration: { display_name: 'Webhook Tester' },
    });
    const me = await client.request('GET', '/v1/me', { token: opened.access_token });
    const profile = await json<{ org_id?: string }>(me);
    return { ...opened, org_id: profile.org_id ?? 'demo' };
  }

  const subscribe = (token: string, callback_url: string, event_type = '*') =>
    events.subscription(token, { event_type, callback_url, secret: SECRET });

  /** A contract-shaped payouts domain event, committed upstream and published on its topic. */
  async function payoutChanged(
    owner: { account_id: string; org_id: string },
    overrides: Record<string, unknown> = {},
  ): Promise<string> {
    const payout_id = randomUUID();
    const message = domainEventMessage({
      type: 'payouts.payout_status_changed',
      account_id: owner.account_id,
      org_id: owner.org_id,
      stream: `payout-${payout_id}`,
      data: {
        payout_id,
        account_id: owner.account_id,
        country: 'MX',
        currency: 'MXN',
        local_amount: '100.00',
        usdt_amount: '5.500000',
        total_debit: '5.50',
        status: 'completed',
        status_code: 'completed',
        status_message: 'paid',
        funds_debited: true,
        predebit_failure: false,
        compliance_pending: false,
        receipt_url: null,
        settlement_asset: 'USD',
        idempotency_key: 'client-key-7',
        internal_hold_id: 'never-public',
        ...overrides,
      },
    });
    await platform.internals('test').bus.publish('events.payouts', [message]);
    return payout_id;
  }

  const payoutIdOf = (hook: ReceivedHook) => String(hookEvent(hook).data.payout_id);
  const deliveriesOf = (hooks: WebhookReceiver, payout_id: string) =>
    hooks.received.filter((hook) => payoutIdOf(hook) === payout_id);

  /** Until the receiver has got `count` deliveries of the payout's event. */
  const receivedUntil = (hooks: WebhookReceiver, payout_id: string, count: number) =>
    eventually(
      async () => deliveriesOf(hooks, payout_id),
      (found) => found.length === count,
      DELIVERY_WAIT,
    );

  /** Until the receiver has got the payout's event at least once. */
  const receivedOnce = (hooks: WebhookReceiver, payout_id: string) =>
    eventually(
      async () => deliveriesOf(hooks, payout_id),
      (found) => found.length > 0,
      DELIVERY_WAIT,
    );

  /** Until the subscription's delivery log holds what `done` wants. */
  const deliveriesUntil = (
    token: string,
    subscription_id: string,
    done: (count: number) => boolean,
  ) =>
    eventually(
      () => events.deliveries(token, subscription_id),
      (log) => done(log.length),
      DELIVERY_WAIT,
    );

  describe('delivery', () => {
    it('POSTs the public event with the §6 headers and signatures over the raw bytes', async () => {
      const owner = await account();
      const hooks = await receiver();
      await subscribe(owner.access_token, hooks.url(), 'payout_status_changed');
      const payout_id = await payoutChanged(owner);
      const [entry] = await receivedOnce(hooks, payout_id);
      if (!entry) throw new Error('no delivery');
      const headers = entry.headers;
      const event = hookEvent(entry);
      expect(event).toEqual({
        id: headers['x-webhook-event-id'],
        type: 'payout_status_changed',
        created_at: expect.any(String),
        livemode: false,
        data: {
          payout_id,
          account_id: owner.account_id,
          country: 'MX',
          currency: 'MXN',
          local_amount: '100.00',
          usdt_amount: '5.500000',
          total_debit: '5.50',
          status: 'completed',
          status_code: 'completed',
          status_message: 'paid',
          funds_debited: true,
          predebit_failure: false,
          compliance_pending: false,
          receipt_url: null,
          settlement_asset: 'USD',
          idempotency_key: 'client-key-7',
        },
      });
      expect(headers['x-webhook-event']).toBe('payout_status_changed');
      expect(headers['x-webhook-delivery-id']).toEqual(expect.any(String));
      const timestamp = String(headers['x-webhook-timestamp']);
      expect(timestamp).toMatch(/^\d{10}$/);
      // The recipe of spec section 6, computed here independently.
      const v1 = webhookSignature(SECRET, entry);
      const v2 = webhookSignature(
        SECRET,
        entry,
        `${timestamp}.payout_status_changed.${String(event.id)}.`,
      );
      expect(headers['x-webhook-signature']).toBe(v1);
      expect(headers['x-webhook-signature-v2']).toBe(v2);
    });

    it('omits an empty idempotency key and sends only matching event types', async () => {
      const owner = await account();
      const payouts_only = await receiver();
      const transfers_only = await receiver();
      await subscribe(owner.access_token, payouts_only.url(), 'payout_status_changed');
      await subscribe(owner.access_token, transfers_only.url(), 'transfer_received');
      const payout_id = await payoutChanged(owner, { idempotency_key: '' });
      await receivedOnce(payouts_only, payout_id);
      const [entry] = payouts_only.received;
      expect(hookEvent(entry!).data).not.toHaveProperty('idempotency_key');
      await settle(1_000);
      expect(transfers_only.received).toEqual([]);
    });

    it('retries a failing callback with the same event id and a new delivery id each time', async () => {
      const owner = await account();
      const hooks = await receiver();
      hooks.statuses = [500, 302];
      const subscription = await subscribe(owner.access_token, hooks.url());
      const payout_id = await payoutChanged(owner);
      const attempts = await receivedUntil(hooks, payout_id, 3);
      const event_ids = new Set(attempts.map((entry) => entry.headers['x-webhook-event-id']));
      const delivery_ids = new Set(attempts.map((entry) => entry.headers['x-webhook-delivery-id']));
      expect(event_ids.size).toBe(1);
      expect(delivery_ids.size).toBe(3);
      const log = await deliveriesUntil(
        owner.access_token,
        subscription.id,
        (count) => count === 3,
      );
      expect(log.map((row) => [row.attempt, row.status, row.response_status])).toEqual([
        [3, 'succeeded', 200],
        [2, 'failed', 302],
        [1, 'failed', 500],
      ]);
      expect(new Set(log.map((row) => row.delivery_id))).toEqual(delivery_ids);
      // The 302 was a failed attempt, and its Location was never followed.
      expect(hooks.received.map((entry) => entry.path)).not.toContain('/moved');
    });

    it('stops after 5 failed attempts, and redelivers by hand on request', async () => {
      const owner = await account();
      const hooks = await receiver();
      hooks.statuses = [500, 500, 500, 500, 500];
      const subscription = await subscribe(owner.access_token, hooks.url());
      const payout_id = await payoutChanged(owner);
      await deliveriesUntil(owner.access_token, subscription.id, (count) => count === 5);
      await settle(1_000);
      const log = await events.deliveries(owner.access_token, subscription.id);
      expect(log).toHaveLength(5);
      expect(log.every((row) => row.status === 'failed' && row.failure)).toBe(true);
      expect(hooks.forEvent(log[0]?.event_id ?? '')).toHaveLength(5);

      const retried = await client.request(
        'POST',
        `/v1/webhooks/subscriptions/${subscription.id}/deliveries/${log[0]?.delivery_id}/retry`,
        { token: owner.access_token },
      );
      expect(retried.status).toBe(202);
      expect(await retried.json()).toEqual({
        subscription_id: subscription.id,
        event_id: log[0]?.event_id,
        status: 'queued',
      });
      await receivedUntil(hooks, payout_id, 6);
      // The attempt is logged once the receiver's answer is in, a moment after it received it.
      const after = await eventually(
        () => events.deliveries(owner.access_token, subscription.id),
        (rows) => rows.length === 6,
        DELIVERY_WAIT,
      );
      expect(after[0]).toMatchObject({
        manual: true,
        status: 'succeeded',
        event_id: log[0]?.event_id,
      });
      const unknown = await client.request(
        'POST',
        `/v1/webhooks/subscriptions/${subscription.id}/deliveries/dlv_unknown/retry`,
        { token: owner.access_token },
      );
      expect(unknown.status).toBe(404);
    });

    it('still sends queued deliveries of a disabled subscription, but queues no new events', async () => {
      const owner = await account();
      const hooks = await receiver();
      const witness = await receiver();
      hooks.statuses = [500];
      const subscription = await subscribe(owner.access_token, hooks.url());
      await subscribe(owner.access_token, witness.url());
      const queued_payout = await payoutChanged(owner);
      await receivedOnce(hooks, queued_payout);
      const disabled = await client.request(
        'PATCH',
        `/v1/webhooks/subscriptions/${subscription.id}`,
        { token: owner.access_token, body: { status: 'disabled' } },
      );
      expect(disabled.status).toBe(200);
      // The retry of the event queued before disabling still goes out.
      await receivedUntil(hooks, queued_payout, 2);
      const later_payout = await payoutChanged(owner);
      await receivedOnce(witness, later_payout);
      await settle(1_000);
      expect(hooks.received.some((entry) => payoutIdOf(entry) === later_payout)).toBe(false);
    });

    it('logs a refused connection as a failed attempt without reaching anything', async () => {
      const owner = await account();
      // Nothing listens on port 9 (discard): the connection is refused.
      const subscription = await subscribe(owner.access_token, 'http://127.0.0.1:9/hook');
      await payoutChanged(owner);
      const log = await deliveriesUntil(owner.access_token, subscription.id, (count) => count >= 1);
      expect(log.some((row) => row.attempt === 1)).toBe(true);
      for (const row of log) {
        expect(row).toMatchObject({ status: 'failed', response_status: null });
        expect(row.failure).toEqual(expect.any(String));
      }
    });
  });
});
