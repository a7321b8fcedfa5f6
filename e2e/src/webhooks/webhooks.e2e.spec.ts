import { startPlatform, type E2ePlatform } from '../harness';
import {
  eventsClient,
  http,
  inlineSchemaRefs,
  json,
  openAccount,
  type TestAccount,
  type WebhookSubscription,
} from '../clients';

/**
 * Webhook subscriptions (spec §6): created active with the secret never shown again, refused
 * with their 400 code when the type, the secret or the callback address is wrong, stored with the
 * host as the address checks saw it, toggled idempotently and hidden from other accounts; and
 * their routes documented in the OpenAPI document.
 */
const SECRET = 'whsec_integration_secret_value';

/** The parts of a documented JSON Schema the document checks read. */
interface JsonSchema {
  type?: string;
  const?: unknown;
  enum?: string[];
  required?: string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
}

describe('webhooks: subscriptions', () => {
  let platform: E2ePlatform;
  const client = http(() => platform.environments.test);
  const events = eventsClient(() => platform.environments.test);

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'whsubs',
      settings: { WEBHOOKS_ALLOW_LOOPBACK: 'true' },
    });
  });
  afterAll(async () => platform.close());

  const account = () =>
    openAccount(client, { label: 'hooks', registration: { display_name: 'Webhook Tester' } });

  const call = (method: string, route: string, owner: TestAccount, body?: unknown) =>
    client.request(method, route, { token: owner.access_token, body });

  const subscribe = (owner: TestAccount, callback_url: string, event_type = '*') =>
    events.subscription(owner.access_token, { event_type, callback_url, secret: SECRET });

  it('documents the webhook and event routes in the OpenAPI document, answers included', async () => {
    const document = inlineSchemaRefs(
      await json<{
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      }>(await client.request('GET', '/openapi.json')),
    );
    expect(Object.keys(document.paths['/v1/webhooks/subscriptions'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(Object.keys(document.paths['/v1/webhooks/subscriptions/{id}'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'patch']),
    );
    expect(document.paths['/v1/events']).toHaveProperty('get');
    // Each answer is documented from the catalog's reply schema, with the status it is sent with.
    const answer = (path: string, method: string, status: string) =>
      (
        document.paths[path]?.[method]?.responses[status] as
          { content: { 'application/json': { schema: JsonSchema } } } | undefined
      )?.content['application/json'].schema;
    const subscriptions = '/v1/webhooks/subscriptions';
    const created = answer(subscriptions, 'post', '201');
    expect(created?.required).toEqual(['id', 'event_type', 'callback_url', 'status', 'created_at']);
    expect(created?.properties).not.toHaveProperty('secret');
    expect(answer(subscriptions, 'get', '200')?.properties?.subscriptions?.items).toEqual(created);
    expect(answer(`${subscriptions}/{id}`, 'patch', '200')).toEqual(created);
    const deliveries = answer(`${subscriptions}/{id}/deliveries`, 'get', '200');
    expect(deliveries?.properties?.deliveries?.items?.required).toEqual(
      expect.arrayContaining(['delivery_id', 'event_id', 'attempt', 'status', 'response_status']),
    );
    const retry = answer(`${subscriptions}/{id}/deliveries/{delivery_id}/retry`, 'post', '202');
    expect(retry?.properties?.status).toEqual({ type: 'string', const: 'queued' });
    const history = answer('/v1/events', 'get', '200')?.properties?.events?.items;
    expect(history?.properties?.type?.enum).toContain('payout_status_changed');
    expect(history?.required).toEqual(['id', 'type', 'created_at', 'livemode', 'data']);
  });

  describe('subscriptions', () => {
    it('creates an active subscription and never shows the secret', async () => {
      const owner = await account();
      const created = await subscribe(owner, 'http://127.0.0.1:9/hook', 'payout_status_changed');
      expect(created).toEqual({
        id: expect.any(String),
        event_type: 'payout_status_changed',
        callback_url: 'http://127.0.0.1:9/hook',
        status: 'active',
        created_at: expect.any(String),
      });
      const listed = await call('GET', '/v1/webhooks/subscriptions', owner);
      expect(await listed.json()).toEqual({
        page: 1,
        page_size: 20,
        has_more: false,
        subscriptions: [created],
      });
      const read = await call('GET', `/v1/webhooks/subscriptions/${created.id}`, owner);
      const text = await read.text();
      expect(JSON.parse(text)).toEqual(created);
      expect(text).not.toContain(SECRET);
    });

    it.each([
      ['invalid_event_type', { event_type: 'payout_created' }],
      ['weak_secret', { secret: 'fifteen chars!!' }],
      ['invalid_callback_url', { callback_url: 'http://hooks.example.com/in' }],
      ['invalid_callback_url', { callback_url: 'https://10.0.0.8/in' }],
      ['invalid_callback_url', { callback_url: 'https://169.254.169.254/latest' }],
      ['invalid_callback_url', { callback_url: 'https://100.64.0.1/in' }],
      ['invalid_callback_url', { callback_url: 'https://[::ffff:127.0.0.1]/in' }],
      ['invalid_callback_url', { callback_url: 'https://hooks.example.com:0/in' }],
      ['invalid_json', { extra: true }],
    ])('answers 400 %s and creates nothing for %j', async (code, overrides) => {
      const owner = await account();
      const response = await events.subscribe(owner.access_token, {
        event_type: '*',
        callback_url: 'https://hooks.example.com/in',
        secret: SECRET,
        ...overrides,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: code,
        message: expect.any(String),
        request_id: expect.any(String),
      });
      const listed = await call('GET', '/v1/webhooks/subscriptions', owner);
      expect(((await listed.json()) as { subscriptions: unknown[] }).subscriptions).toEqual([]);
    });

    it('stores the callback host normalized, as the address checks saw it (D12)', async () => {
      const owner = await account();
      const created = await subscribe(owner, 'https://Hooks.EXAMPLE.com./in');
      expect(created.callback_url).toBe('https://hooks.example.com/in');
    });

    it('toggles status idempotently and hides other accounts’ subscriptions', async () => {
      const owner = await account();
      const stranger = await account();
      const created = await subscribe(owner, 'http://127.0.0.1:9/hook');
      const route = `/v1/webhooks/subscriptions/${created.id}`;
      const same = await call('PATCH', route, owner, { status: 'active' });
      expect(same.status).toBe(200);
      expect(await same.json()).toEqual(created);
      const disabled = await call('PATCH', route, owner, { status: 'disabled' });
      expect(disabled.status).toBe(200);
      expect(await disabled.json()).toEqual({ ...created, status: 'disabled' });
      const again = await call('PATCH', route, owner, { status: 'disabled' });
      expect(await again.json()).toEqual({ ...created, status: 'disabled' });
      const bad = await call('PATCH', route, owner, { status: 'deleted' });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toBe('invalid_status');
      for (const [method, path, body] of [
        ['GET', route, undefined],
        ['PATCH', route, { status: 'active' }],
        ['GET', `${route}/deliveries`, undefined],
      ] as const) {
        const response = await call(method, path, stranger, body);
        expect(response.status).toBe(404);
        expect(((await response.json()) as { error: string }).error).toBe('not_found');
      }
      const unchanged = await call('GET', route, owner);
      expect(((await unchanged.json()) as WebhookSubscription).status).toBe('disabled');
    });
  });
});
