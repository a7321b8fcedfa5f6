import { startTestPlatform, type TestPlatform } from './test-platform';

interface Subscription {
  id: string;
  event_type: string;
  callback_url: string;
  status: string;
  created_at: string;
}

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
  let platform: TestPlatform;
  let base_url: string;
  let counter = 0;

  beforeAll(async () => {
    platform = await startTestPlatform('whsubs', { WEBHOOKS_ALLOW_LOOPBACK: 'true' });
    base_url = platform.environments.test.base_url;
  });
  afterAll(async () => platform.dispose());

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

  it('documents the webhook and event routes in the OpenAPI document, answers included', async () => {
    const document = (await (await fetch(`${base_url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
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
      const created = await subscribe(
        owner.token,
        'http://127.0.0.1:9/hook',
        'payout_status_changed',
      );
      expect(created).toEqual({
        id: expect.any(String),
        event_type: 'payout_status_changed',
        callback_url: 'http://127.0.0.1:9/hook',
        status: 'active',
        created_at: expect.any(String),
      });
      const listed = await call('GET', '/v1/webhooks/subscriptions', owner.token);
      expect(await listed.json()).toEqual({ page: 1, page_size: 20, subscriptions: [created] });
      const read = await call('GET', `/v1/webhooks/subscriptions/${created.id}`, owner.token);
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
      const response = await call('POST', '/v1/webhooks/subscriptions', owner.token, {
        event_type: '*',
        callback_url: 'https://hooks.example.com/in',
        secret: SECRET,
        ...overrides,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: code, message: expect.any(String) });
      const listed = await call('GET', '/v1/webhooks/subscriptions', owner.token);
      expect(((await listed.json()) as { subscriptions: unknown[] }).subscriptions).toEqual([]);
    });

    it('stores the callback host normalized, as the address checks saw it (D12)', async () => {
      const owner = await account();
      const created = await subscribe(owner.token, 'https://Hooks.EXAMPLE.com./in');
      expect(created.callback_url).toBe('https://hooks.example.com/in');
    });

    it('toggles status idempotently and hides other accounts’ subscriptions', async () => {
      const owner = await account();
      const stranger = await account();
      const created = await subscribe(owner.token, 'http://127.0.0.1:9/hook');
      const route = `/v1/webhooks/subscriptions/${created.id}`;
      const same = await call('PATCH', route, owner.token, { status: 'active' });
      expect(same.status).toBe(200);
      expect(await same.json()).toEqual(created);
      const disabled = await call('PATCH', route, owner.token, { status: 'disabled' });
      expect(disabled.status).toBe(200);
      expect(await disabled.json()).toEqual({ ...created, status: 'disabled' });
      const again = await call('PATCH', route, owner.token, { status: 'disabled' });
      expect(await again.json()).toEqual({ ...created, status: 'disabled' });
      const bad = await call('PATCH', route, owner.token, { status: 'deleted' });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toBe('invalid_status');
      for (const [method, path, body] of [
        ['GET', route, undefined],
        ['PATCH', route, { status: 'active' }],
        ['GET', `${route}/deliveries`, undefined],
      ] as const) {
        const response = await call(method, path, stranger.token, body);
        expect(response.status).toBe(404);
        expect(((await response.json()) as { error: string }).error).toBe('not_found');
      }
      const unchanged = await call('GET', route, owner.token);
      expect(((await unchanged.json()) as Subscription).status).toBe('disabled');
    });
  });
});
