import { createClient, dataOf } from './client';
import { ApiError, EnvironmentMismatchError } from './errors';

const BASE_URL = 'http://platform.test';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Sent {
  method: string;
  url: string;
  headers: Headers;
  body: string;
}

function fakePlatform(answers: (() => Response)[]) {
  const sent: Sent[] = [];
  const fetch = async (request: Request) => {
    sent.push({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: await request.text(),
    });
    return answers.shift()!();
  };
  return { fetch, sent };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: {
        'content-type': 'application/json',
        'service-environment': 'test',
        'x-request-id': 'req_42',
        ...headers,
      },
    });

const TRANSFER = { recipient: 'ada@example.com', asset: 'USD', amount: '1.00' };

describe('SDK client', () => {
  it('sends the API key, or the access token, on every request', async () => {
    const platform = fakePlatform([json(200, { balances: [] }), json(200, { balances: [] })]);
    const by_key = createClient({ baseUrl: BASE_URL, apiKey: 'pk_test_k', fetch: platform.fetch });
    const by_token = createClient({ baseUrl: BASE_URL, accessToken: 'jwt', fetch: platform.fetch });
    await by_key.GET('/v1/balances');
    await by_token.GET('/v1/balances');
    expect(
      platform.sent.map(({ headers }) => [headers.get('x-api-key'), headers.get('authorization')]),
    ).toEqual([
      ['pk_test_k', null],
      [null, 'Bearer jwt'],
    ]);
    expect(platform.sent[0]!.url).toBe(`${BASE_URL}/v1/balances`);
  });

  it('gives every POST a new Idempotency-Key unless the caller gave one', async () => {
    const platform = fakePlatform([json(201, {}), json(201, {}), json(201, {})]);
    const client = createClient({ baseUrl: BASE_URL, apiKey: 'pk_test_k', fetch: platform.fetch });
    await client.POST('/v1/transfers', { body: TRANSFER });
    await client.POST('/v1/transfers', { body: TRANSFER });
    await client.POST('/v1/transfers', { body: TRANSFER, headers: { 'Idempotency-Key': 'mine' } });
    const [first, second, third] = platform.sent.map(({ headers }) =>
      headers.get('idempotency-key'),
    );
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
    expect(third).toBe('mine');
  });

  it('retries a POST after 503 with the same key and body', async () => {
    const platform = fakePlatform([
      json(503, { error: 'service_unavailable', message: 'try again' }, { 'retry-after': '0' }),
      json(201, { transfer_id: 't1' }),
    ]);
    const client = createClient({
      baseUrl: BASE_URL,
      apiKey: 'pk_test_k',
      fetch: platform.fetch,
      retry: { base_delay_ms: 0 },
    });
    const transfer = await dataOf(client.POST('/v1/transfers', { body: TRANSFER }));
    expect(transfer).toEqual({ transfer_id: 't1' });
    const [first, second] = platform.sent;
    expect(second!.headers.get('idempotency-key')).toBe(first!.headers.get('idempotency-key'));
    expect(JSON.parse(second!.body)).toEqual(TRANSFER);
  });

  it('throws an error answer as ApiError with its status, code, message and request id', async () => {
    const platform = fakePlatform([
      json(402, { error: 'insufficient_funds', message: 'balance too low' }),
    ]);
    const client = createClient({ baseUrl: BASE_URL, apiKey: 'pk_test_k', fetch: platform.fetch });
    const refusal = await client.POST('/v1/transfers', { body: TRANSFER }).catch((error) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({
      status: 402,
      code: 'insufficient_funds',
      message: 'balance too low',
      request_id: 'req_42',
    });
  });

  it('describes an error answer that is not {error, message} by its status', async () => {
    const platform = fakePlatform([
      () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    ]);
    const client = createClient({ baseUrl: BASE_URL, fetch: platform.fetch });
    await expect(client.GET('/v1/balances')).rejects.toMatchObject({
      status: 502,
      code: 'http_502',
      message: 'Bad Gateway',
      request_id: null,
    });
  });

  it('refuses an answer from the other environment, and a key of the other environment', async () => {
    const platform = fakePlatform([json(200, {}, { 'service-environment': 'test' })]);
    const live = createClient({
      baseUrl: BASE_URL,
      accessToken: 'jwt',
      environment: 'live',
      fetch: platform.fetch,
    });
    await expect(live.GET('/v1/balances')).rejects.toBeInstanceOf(EnvironmentMismatchError);
    expect(() =>
      createClient({ baseUrl: BASE_URL, apiKey: 'pk_test_k', environment: 'live' }),
    ).toThrow(EnvironmentMismatchError);
    expect(() => createClient({ baseUrl: BASE_URL, apiKey: 'pk_k', environment: 'test' })).toThrow(
      EnvironmentMismatchError,
    );
  });

  it('opens the event stream as SSE, filtered, and resumes it with Last-Event-ID', async () => {
    const frame = (id: string) => `id: ${id}\nevent: transfer_received\ndata: {"id":"${id}"}\n\n`;
    const sse = (body: string) => () =>
      new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    const platform = fakePlatform([sse(`: connected\n\n${frame('evt_1')}`), sse(frame('evt_2'))]);
    const client = createClient({ baseUrl: BASE_URL, apiKey: 'pk_test_k', fetch: platform.fetch });
    const ids: (string | null)[] = [];
    for await (const event of client.events({
      types: ['transfer_received', 'payout_status_changed'],
      snapshot: true,
      reconnect_delay_ms: 0,
    })) {
      ids.push(event.id);
      if (ids.length === 2) break;
    }
    expect(ids).toEqual(['evt_1', 'evt_2']);
    const [first, second] = platform.sent;
    expect(first!.url).toBe(
      `${BASE_URL}/v1/events?types=transfer_received%2Cpayout_status_changed&snapshot=true`,
    );
    expect(first!.headers.get('accept')).toBe('text/event-stream');
    expect(first!.headers.get('last-event-id')).toBeNull();
    expect(second!.url).toBe(
      `${BASE_URL}/v1/events?types=transfer_received%2Cpayout_status_changed`,
    );
    expect(second!.headers.get('last-event-id')).toBe('evt_1');
  });
});
