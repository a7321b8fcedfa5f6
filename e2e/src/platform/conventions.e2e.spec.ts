import {
  http,
  inlineSchemaRefs,
  ledgerClient,
  payinsClient,
  pix,
  type Http,
  type TestAccount,
} from '../clients';
import { startPlatform, type E2ePlatform } from '../harness';

/**
 * The API conventions a Stripe user expects, over the public HTTP surface: replays say so,
 * every limited answer tells the quota, every error names its request, every listing says
 * whether another page follows.
 */
describe('API conventions', () => {
  let platform: E2ePlatform;
  let client: Http;
  let payer: TestAccount;
  let payee: TestAccount;
  let company: TestAccount;
  let key_counter = 0;
  const newKey = (label: string) => `conv-${label}-${Date.now()}-${++key_counter}`;

  beforeAll(async () => {
    // A bucket small enough to spend in one test, large enough for everything else here.
    platform = await startPlatform({
      label: 'conventions',
      settings: { RATE_LIMIT_BURST: '60', RATE_LIMIT_PER_SECOND: '2' },
    });
    const target = platform.environments.test;
    client = http(target);
    const ledger = ledgerClient(target, 'conventions');
    [payer, payee] = [await ledger.newTestAccount(), await ledger.newTestAccount()];
    company = await payinsClient(target).account('conventions');
  });
  afterAll(async () => platform.close());

  const post = (account: TestAccount, route: string, body: unknown, headers = {}) =>
    client.request('POST', route, { headers: { ...account.headers, ...headers }, body });

  /** The same request twice: the status of each and its Idempotent-Replayed header. */
  async function twice(send: () => Promise<Response>) {
    const answers = [await send(), await send()];
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    return {
      statuses: answers.map((answer) => answer.status),
      replayed: answers.map((answer) => answer.headers.get('idempotent-replayed')),
      bodies: bodies as Record<string, unknown>[],
    };
  }

  describe('Idempotent-Replayed', () => {
    it('marks the second transfer with a key (body or header) as replayed, not the first', async () => {
      const body = { recipient: payee.email, asset: 'USD', amount: '1.25' };
      const body_key = newKey('xfer');
      const by_body = await twice(() =>
        post(payer, '/v1/transfers', { ...body, idempotency_key: body_key }),
      );
      expect(by_body.statuses).toEqual([201, 201]);
      expect(by_body.replayed).toEqual([null, 'true']);
      expect(by_body.bodies[1]).toEqual(by_body.bodies[0]);
      const header_key = newKey('xfer-header');
      const by_header = await twice(() =>
        post(payer, '/v1/transfers', body, { 'Idempotency-Key': header_key }),
      );
      expect(by_header.replayed).toEqual([null, 'true']);
    });

    it('never marks a request without a key', async () => {
      const body = { recipient: payee.email, asset: 'USD', amount: '0.50' };
      const plain = await twice(() => post(payer, '/v1/transfers', body));
      expect(plain.statuses).toEqual([201, 201]);
      expect(plain.replayed).toEqual([null, null]);
      expect(plain.bodies[1]!.transfer_id).not.toBe(plain.bodies[0]!.transfer_id);
    });

    it('marks a replayed payout', async () => {
      const body = pix('12.00', { idempotency_key: newKey('payout') });
      const answers = await twice(() => post(payer, '/v1/payouts', body));
      expect(answers.statuses).toEqual([202, 202]);
      expect(answers.replayed).toEqual([null, 'true']);
      expect(answers.bodies[1]!.payout_id).toBe(answers.bodies[0]!.payout_id);
    });

    it('marks a replayed payin', async () => {
      const body = {
        method: 'bank_transfer',
        country: 'MX',
        currency: 'MXN',
        amount: '172.00',
        idempotency_key: newKey('payin'),
      };
      const answers = await twice(() => post(company, '/v1/payins', body));
      expect(answers.statuses).toEqual([201, 201]);
      expect(answers.replayed).toEqual([null, 'true']);
      expect(answers.bodies.map((payin) => payin.idempotency_hit)).toEqual([false, true]);
    });

    it('does not mark a conflicting reuse of a key', async () => {
      const key = newKey('conflict');
      const first = await post(payer, '/v1/transfers', {
        recipient: payee.email,
        asset: 'USD',
        amount: '0.75',
        idempotency_key: key,
      });
      expect(first.status).toBe(201);
      const other = await post(payer, '/v1/transfers', {
        recipient: payee.email,
        asset: 'USD',
        amount: '0.80',
        idempotency_key: key,
      });
      expect(other.status).toBe(409);
      expect(other.headers.get('idempotent-replayed')).toBeNull();
    });
    it('documents the header on the routes that replay', async () => {
      const document = (await (await client.request('GET', '/openapi.json')).json()) as {
        paths: Record<string, Record<string, OpenApiOperation>>;
        components: { headers: Record<string, unknown> };
      };
      expect(document.components.headers['Idempotent-Replayed']).toBeDefined();
      const replayHeader = (path: string, status: string) =>
        document.paths[path]?.post?.responses?.[status]?.headers?.['Idempotent-Replayed'];
      for (const [path, status] of [
        ['/v1/transfers', '201'],
        ['/v1/payouts', '202'],
        ['/v1/payins', '201'],
      ] as const)
        expect(replayHeader(path, status)).toEqual({
          $ref: '#/components/headers/Idempotent-Replayed',
        });
      expect(document.paths['/v1/transfers']?.post?.responses?.default?.headers).toMatchObject({
        'Retry-After': expect.any(Object),
        'RateLimit-Limit': expect.any(Object),
      });
    });
  });

  describe('RateLimit headers', () => {
    it('tells the quota on every answer, and Retry-After once it is spent', async () => {
      const balances = await client.request('GET', '/v1/balances', { headers: payer.headers });
      expect(balances.status).toBe(200);
      const limit = Number(balances.headers.get('ratelimit-limit'));
      expect(limit).toBe(60);
      expect(Number(balances.headers.get('ratelimit-remaining'))).toBeLessThan(limit);
      expect(Number(balances.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(0);
      expect(balances.headers.get('retry-after')).toBeNull();

      // A credential of its own (refused by authentication, but limited first) spends its bucket.
      const headers = { authorization: `Bearer conv-limit-${Date.now()}` };
      const answers = await Promise.all(
        Array.from({ length: limit + 20 }, () =>
          client.request('GET', '/v1/balances', { headers }),
        ),
      );
      const limited = answers.find((answer) => answer.status === 429);
      expect(limited).toBeDefined();
      expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(limited!.headers.get('ratelimit-limit')).toBe(String(limit));
      expect(limited!.headers.get('ratelimit-remaining')).toBe('0');
      expect(Number(limited!.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
      expect(await limited!.json()).toEqual({
        error: 'rate_limited',
        message: expect.any(String),
        request_id: limited!.headers.get('x-request-id'),
      });
      const unread = answers.filter((answer) => answer !== limited);
      await Promise.all(unread.map((answer) => answer.body?.cancel()));
    });
  });

  describe('request_id in error bodies', () => {
    it.each([
      ['an unknown route', () => client.request('GET', '/v1/nothing-here'), 404, 'not_found'],
      [
        'a body that is not JSON',
        () =>
          fetch(`${platform.environments.test.base_url}/v1/transfers`, {
            method: 'POST',
            headers: { ...payer.headers, 'content-type': 'application/json' },
            body: '{not json',
          }),
        400,
        'invalid_json',
      ],
      [
        'a domain refusal',
        () =>
          post(payer, '/v1/transfers', { recipient: payee.email, asset: 'USD', amount: '1.001' }),
        400,
        'invalid_amount',
      ],
      ['no credential', () => client.request('GET', '/v1/balances'), 401, 'unauthorized'],
    ])('names the request of %s, the same id as X-Request-Id', async (_, send, status, code) => {
      const answer = await send();
      expect(answer.status).toBe(status);
      const request_id = answer.headers.get('x-request-id');
      expect(request_id).toMatch(/^req_/);
      expect(await answer.json()).toEqual({
        error: code,
        message: expect.any(String),
        request_id,
      });
    });

    it("echoes the client's own X-Request-Id in the error body", async () => {
      const answer = await client.request('GET', '/v1/nothing-here', {
        headers: { 'x-request-id': 'client-chosen-42' },
      });
      expect(((await answer.json()) as { request_id: string }).request_id).toBe('client-chosen-42');
    });
  });

  describe('has_more in listings', () => {
    const list = async (route: string, account: TestAccount) => {
      const answer = await client.request('GET', route, {
        headers: { ...account.headers, accept: 'application/json' },
      });
      expect(answer.status).toBe(200);
      return (await answer.json()) as Record<string, unknown> & {
        page: number;
        page_size: number;
        has_more: boolean;
      };
    };

    it('says whether another page follows, and keeps each page to page_size', async () => {
      // The tests above made at least five transfers of the payer.
      const first = await list('/v1/transfers?page_size=2', payer);
      expect(first).toMatchObject({ page: 1, page_size: 2, has_more: true });
      expect(first.transfers).toHaveLength(2);
      const all = await list('/v1/transfers?page_size=100', payer);
      expect(all.has_more).toBe(false);
      const count = (all.transfers as unknown[]).length;
      expect(count).toBeGreaterThanOrEqual(5);
      const last = await list(`/v1/transfers?page_size=2&page=${Math.ceil(count / 2)}`, payer);
      expect(last.has_more).toBe(false);
      expect((last.transfers as unknown[]).length).toBe(count % 2 === 0 ? 2 : 1);
      const before_last = await list(
        `/v1/transfers?page_size=2&page=${Math.ceil(count / 2) - 1}`,
        payer,
      );
      expect(before_last.has_more).toBe(true);
    });

    it.each([
      ['/v1/payouts', 'payouts'],
      ['/v1/payins', 'payins'],
      ['/v1/swaps', 'swaps'],
      ['/v1/movements', 'movements'],
      ['/v1/events', 'events'],
      ['/v1/contacts', 'contacts'],
    ])('%s answers has_more', async (route, collection) => {
      const account = route === '/v1/payins' ? company : payer;
      const page = await list(`${route}?page_size=1`, account);
      expect(typeof page.has_more).toBe('boolean');
      const rows = page[collection] as unknown[];
      expect(rows.length).toBeLessThanOrEqual(1);
      if (rows.length === 0) expect(page.has_more).toBe(false);
    });

    it('documents has_more in every listing of the OpenAPI document', async () => {
      // Listing pages are components: read them with their references inlined.
      const document = inlineSchemaRefs(
        (await (await client.request('GET', '/openapi.json')).json()) as {
          paths: Record<string, Record<string, OpenApiOperation>>;
        },
      );
      const listings = Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.values(operations)
          .map((operation) => operation.responses?.['200']?.content?.['application/json']?.schema)
          .filter((schema) => schema?.properties?.page_size !== undefined)
          .map((schema) => ({ path, properties: Object.keys(schema!.properties!) })),
      );
      expect(listings.length).toBeGreaterThan(20);
      expect(listings.filter(({ properties }) => !properties.includes('has_more'))).toEqual([]);
    });
  });
});

interface OpenApiOperation {
  responses?: Record<
    string,
    {
      headers?: Record<string, unknown>;
      content?: Record<string, { schema?: { properties?: Record<string, unknown> } }>;
    }
  >;
}
