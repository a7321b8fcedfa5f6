import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestPlatform, type TestPlatform } from './test-platform';

/** A webhook as the receiver got it: headers and the raw bytes of the body. */
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw_body: Buffer;
}

/** A local HTTPS-less receiver (WEBHOOKS_ALLOW_LOOPBACK) answering with scripted statuses. */
class Receiver {
  readonly received: Received[] = [];
  private readonly server: http.Server;
  /** Statuses to answer in turn; 200 once exhausted. */
  statuses: number[] = [];

  constructor() {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({
          path: request.url ?? '',
          headers: request.headers,
          raw_body: Buffer.concat(chunks),
        });
        const status = this.statuses.shift() ?? 200;
        if (status >= 300 && status < 400) response.setHeader('location', this.url('/moved'));
        response.writeHead(status).end();
      });
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  forEvent(event_id: string): Received[] {
    return this.received.filter((entry) => entry.headers['x-webhook-event-id'] === event_id);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

interface Subscription {
  id: string;
  event_type: string;
  callback_url: string;
  status: string;
  created_at: string;
}

interface Delivery {
  delivery_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  manual: boolean;
  status: string;
  response_status: number | null;
  failure: string | null;
}

const SECRET = 'whsec_integration_secret_value';

async function waitFor(condition: () => boolean | Promise<boolean>, timeout_ms = 30_000) {
  const deadline = Date.now() + timeout_ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Room for a wrong extra delivery to show up before asserting there was none. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_000));

describe('webhooks: signed, retried delivery', () => {
  let platform: TestPlatform;
  let base_url: string;
  let counter = 0;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    platform = await startTestPlatform('whdeliver', {
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
      WEBHOOK_RETRY_SCALE: '0.02',
      WEBHOOK_POLL_MS: '50',
      WEBHOOK_TIMEOUT_MS: '2000',
    });
    base_url = platform.environments.test.base_url;
  });
  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()));
    await platform.dispose();
  });

  async function receiver(): Promise<Receiver> {
    const started = new Receiver();
    await started.start();
    receivers.push(started);
    return started;
  }

  async function account(): Promise<{ token: string; account_id: string; org_id: string }> {
    const email = `hooks-${Date.now()}-${++counter}@example.com`;
    const registered = await call('POST', '/v1/auth/register', null, {
      org: 'demo',
      type: 'person',
      email,
      password: 'correct horse battery',
      display_name: 'Webhook Tester',
    });
    expect(registered.status).toBe(201);
    const confirmed = await call('POST', '/v1/auth/register/confirm', null, {
      org: 'demo',
      email,
      code: '000000',
    });
    expect(confirmed.status).toBe(200);
    const session = (await confirmed.json()) as {
      access_token: string;
      account_id?: string;
      account?: { id: string };
    };
    const account_id = session.account_id ?? session.account?.id ?? '';
    const me = await call('GET', '/v1/me', session.access_token);
    const profile = (await me.json()) as { org_id?: string };
    return { token: session.access_token, account_id, org_id: profile.org_id ?? 'demo' };
  }

  function call(method: string, route: string, token: string | null, body?: unknown) {
    return fetch(`${base_url}${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function subscribe(
    token: string,
    callback_url: string,
    event_type = '*',
  ): Promise<Subscription> {
    const response = await call('POST', '/v1/webhooks/subscriptions', token, {
      event_type,
      callback_url,
      secret: SECRET,
    });
    expect(response.status).toBe(201);
    return (await response.json()) as Subscription;
  }

  /** A contract-shaped payouts domain event, committed upstream and published on its topic. */
  async function payoutChanged(
    owner: { account_id: string; org_id: string },
    overrides: Record<string, unknown> = {},
  ): Promise<string> {
    const payout_id = randomUUID();
    await platform.environments.test.bus.publish('events.payouts', [
      {
        id: randomUUID(),
        key: owner.account_id,
        payload: {
          event_id: randomUUID(),
          type: 'payouts.payout_status_changed',
          version: 1,
          stream: `payout-${payout_id}`,
          position: '1',
          occurred_at: new Date().toISOString(),
          org_id: owner.org_id,
          account_id: owner.account_id,
          environment: 'test',
          correlation_id: null,
          causation_id: null,
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
        },
      },
    ]);
    return payout_id;
  }

  function payoutIdOf(entry: Received): string {
    return (JSON.parse(entry.raw_body.toString('utf8')) as { data: { payout_id: string } }).data
      .payout_id;
  }

  async function deliveries(token: string, subscription_id: string): Promise<Delivery[]> {
    const response = await call(
      'GET',
      `/v1/webhooks/subscriptions/${subscription_id}/deliveries?page_size=100`,
      token,
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as { deliveries: Delivery[] }).deliveries;
  }

  describe('delivery', () => {
    it('POSTs the public event with the §6 headers and signatures over the raw bytes', async () => {
      const owner = await account();
      const hooks = await receiver();
      await subscribe(owner.token, hooks.url(), 'payout_status_changed');
      const payout_id = await payoutChanged(owner);
      await waitFor(() => hooks.received.some((entry) => payoutIdOf(entry) === payout_id));
      const [entry] = hooks.received.filter((candidate) => payoutIdOf(candidate) === payout_id);
      if (!entry) throw new Error('no delivery');
      const headers = entry.headers;
      const event = JSON.parse(entry.raw_body.toString('utf8')) as Record<string, unknown>;
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
      const v1 = createHmac('sha256', SECRET)
        .update(Buffer.concat([Buffer.from(`${timestamp}.`), entry.raw_body]))
        .digest('hex');
      const v2 = createHmac('sha256', SECRET)
        .update(
          Buffer.concat([
            Buffer.from(`${timestamp}.payout_status_changed.${String(event.id)}.`),
            entry.raw_body,
          ]),
        )
        .digest('hex');
      expect(headers['x-webhook-signature']).toBe(v1);
      expect(headers['x-webhook-signature-v2']).toBe(v2);
    });

    it('omits an empty idempotency key and sends only matching event types', async () => {
      const owner = await account();
      const payouts_only = await receiver();
      const transfers_only = await receiver();
      await subscribe(owner.token, payouts_only.url(), 'payout_status_changed');
      await subscribe(owner.token, transfers_only.url(), 'transfer_received');
      const payout_id = await payoutChanged(owner, { idempotency_key: '' });
      await waitFor(() => payouts_only.received.some((entry) => payoutIdOf(entry) === payout_id));
      const [entry] = payouts_only.received;
      expect(JSON.parse(entry?.raw_body.toString('utf8') ?? '{}').data).not.toHaveProperty(
        'idempotency_key',
      );
      await settle();
      expect(transfers_only.received).toEqual([]);
    });

    it('retries a failing callback with the same event id and a new delivery id each time', async () => {
      const owner = await account();
      const hooks = await receiver();
      hooks.statuses = [500, 302];
      const subscription = await subscribe(owner.token, hooks.url());
      const payout_id = await payoutChanged(owner);
      await waitFor(
        () => hooks.received.filter((entry) => payoutIdOf(entry) === payout_id).length === 3,
      );
      const attempts = hooks.received.filter((entry) => payoutIdOf(entry) === payout_id);
      const event_ids = new Set(attempts.map((entry) => entry.headers['x-webhook-event-id']));
      const delivery_ids = new Set(attempts.map((entry) => entry.headers['x-webhook-delivery-id']));
      expect(event_ids.size).toBe(1);
      expect(delivery_ids.size).toBe(3);
      await waitFor(async () => (await deliveries(owner.token, subscription.id)).length === 3);
      const log = await deliveries(owner.token, subscription.id);
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
      const subscription = await subscribe(owner.token, hooks.url());
      const payout_id = await payoutChanged(owner);
      await waitFor(async () => {
        const log = await deliveries(owner.token, subscription.id);
        return log.length === 5;
      });
      await settle();
      const log = await deliveries(owner.token, subscription.id);
      expect(log).toHaveLength(5);
      expect(log.every((row) => row.status === 'failed' && row.failure)).toBe(true);
      expect(hooks.forEvent(log[0]?.event_id ?? '')).toHaveLength(5);

      const retried = await call(
        'POST',
        `/v1/webhooks/subscriptions/${subscription.id}/deliveries/${log[0]?.delivery_id}/retry`,
        owner.token,
      );
      expect(retried.status).toBe(202);
      expect(await retried.json()).toEqual({
        subscription_id: subscription.id,
        event_id: log[0]?.event_id,
        status: 'queued',
      });
      await waitFor(
        () => hooks.received.filter((entry) => payoutIdOf(entry) === payout_id).length === 6,
      );
      const after = await deliveries(owner.token, subscription.id);
      expect(after[0]).toMatchObject({
        manual: true,
        status: 'succeeded',
        event_id: log[0]?.event_id,
      });
      const unknown = await call(
        'POST',
        `/v1/webhooks/subscriptions/${subscription.id}/deliveries/dlv_unknown/retry`,
        owner.token,
      );
      expect(unknown.status).toBe(404);
    });

    it('still sends queued deliveries of a disabled subscription, but queues no new events', async () => {
      const owner = await account();
      const hooks = await receiver();
      const witness = await receiver();
      hooks.statuses = [500];
      const subscription = await subscribe(owner.token, hooks.url());
      await subscribe(owner.token, witness.url());
      const queued_payout = await payoutChanged(owner);
      await waitFor(() => hooks.received.some((entry) => payoutIdOf(entry) === queued_payout));
      const disabled = await call(
        'PATCH',
        `/v1/webhooks/subscriptions/${subscription.id}`,
        owner.token,
        {
          status: 'disabled',
        },
      );
      expect(disabled.status).toBe(200);
      // The retry of the event queued before disabling still goes out.
      await waitFor(
        () => hooks.received.filter((entry) => payoutIdOf(entry) === queued_payout).length === 2,
      );
      const later_payout = await payoutChanged(owner);
      await waitFor(() => witness.received.some((entry) => payoutIdOf(entry) === later_payout));
      await settle();
      expect(hooks.received.some((entry) => payoutIdOf(entry) === later_payout)).toBe(false);
    });

    it('logs a refused connection as a failed attempt without reaching anything', async () => {
      const owner = await account();
      // Nothing listens on port 9 (discard): the connection is refused.
      const subscription = await subscribe(owner.token, 'http://127.0.0.1:9/hook');
      await payoutChanged(owner);
      await waitFor(async () => (await deliveries(owner.token, subscription.id)).length >= 1);
      const log = await deliveries(owner.token, subscription.id);
      expect(log.some((row) => row.attempt === 1)).toBe(true);
      for (const row of log) {
        expect(row).toMatchObject({ status: 'failed', response_status: null });
        expect(row.failure).toEqual(expect.any(String));
      }
    });
  });
});
