import net from 'node:net';
import { startPlatform, type E2ePlatform } from '../harness';
import { bearer, payinsClient, recentDay, type HttpAnswer, type TestAccount } from '../clients';

/**
 * Issue 13 (D12) at the edge, over HTTP: no input reaches a 5xx. Unknown public tokens, NUL
 * characters and unpaired surrogates, impossible filter dates, amounts above the ceiling and
 * objects where text belongs each answer their 4xx code with `{error, message}` and create
 * nothing.
 */

/**
 * A pix QR of the payouts sandbox's format, as the payouts service's `encodePixQr` builds it for
 * `{pix_key: 'loja@example.com', beneficiary_name: 'Loja Azul', city: 'SAO PAULO'}` (a black-box
 * suite does not import a service): EMV fields, then their CRC16.
 */
const LOJA_AZUL_QR =
  '00020126380014br.gov.bcb.pix0116loja@example.com5204000053039865802BR5909Loja Azul' +
  '6009SAO PAULO62070503***6304597C';

describe('input hardening at the edge (D12)', () => {
  let platform: E2ePlatform;
  const api = payinsClient(() => platform.environments.test);
  let owner: TestAccount;

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'edgehard',
      settings: { SANDBOX_STEP_MS: '50', RATE_LIMIT_PER_SECOND: 'off' },
    });
    owner = await api.account('edge-owner');
  });

  afterAll(async () => {
    await platform?.close();
  });

  /** Sends the JSON text as is, so escapes such as `\u0000` and `\ud800` reach the parser. */
  async function raw(
    method: string,
    route: string,
    json_text?: string,
    token = owner.access_token,
  ) {
    const response = await fetch(`${api.base_url}${route}`, {
      method,
      headers: {
        ...bearer(token),
        ...(json_text === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json_text,
    });
    const text = await response.text();
    return { status: response.status, text, type: response.headers.get('content-type') ?? '' };
  }

  function expectError(answer: HttpAnswer, status: number, error: string): void {
    expect({ status: answer.status, body: answer.body }).toEqual({
      status,
      body: { error, message: expect.any(String), request_id: expect.any(String) },
    });
  }

  const get = (route: string) => api.request('GET', route, { token: owner.access_token });
  const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
    api.request('POST', route, { token: owner.access_token, body, headers });
  const payinCount = async () => (await get('/v1/payins?page_size=100')).body.payins.length;

  describe('unknown public tokens answer 404 not_found', () => {
    it.each([
      ['GET', '/pay/no-such-token'],
      ['GET', '/pay/card/no-such-token'],
      ['POST', '/pay/card/no-such-token'],
      ['GET', '/pay/no-such-token/state'],
      ['GET', '/pay/no-such-token/quote'],
      ['POST', '/pay/no-such-token/methods/bank_transfer?country=MX&currency=MXN'],
    ])('%s %s', async (method, route) => {
      const answer = await api.request(method, route);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.body).toEqual({
        error: 'not_found',
        message: expect.any(String),
        request_id: expect.any(String),
      });
    });
  });

  describe('NUL characters and unpaired surrogates answer 400 invalid_request', () => {
    const payin = (field: string) =>
      `{"method":"bank_transfer","country":"US","currency":"USD","amount":"10.00",${field}}`;

    it.each([
      ['a NUL in a glosa', payin('"glosa":"a\\u0000b"')],
      ['a lone high surrogate in a glosa', payin('"glosa":"a\\ud800b"')],
      ['a lone low surrogate in a customer name', payin('"customer":{"name":"\\udfff"}')],
      ['a NUL in the idempotency key', payin('"idempotency_key":"k\\u0000"')],
      ['a NUL in a key of the body', payin('"x\\u0000":1')],
    ])('%s creates no payin', async (_case, body) => {
      const before = await payinCount();
      const answer = await raw('POST', '/v1/payins', body);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toEqual({
        error: 'invalid_request',
        message: expect.any(String),
        request_id: expect.any(String),
      });
      expect(await payinCount()).toBe(before);
    });

    it('in a registration email and a payout beneficiary name', async () => {
      const register = await raw(
        'POST',
        '/v1/auth/register',
        '{"org":"demo","type":"person","email":"a\\u0000@example.com","password":"correct horse battery","display_name":"A","country":"US"}',
      );
      expect([register.status, JSON.parse(register.text).error]).toEqual([400, 'invalid_request']);
      const payout = await raw(
        'POST',
        '/v1/payouts',
        '{"country":"BR","currency":"BRL","method":"pix","amount":"10.00","idempotency_key":"nul-1",' +
          '"beneficiary":{"name":"Ana \\ud83d","account_number":"ana@example.com"}}',
      );
      expect([payout.status, JSON.parse(payout.text).error]).toEqual([400, 'invalid_request']);
      expect((await get(`/v1/payouts?from=${recentDay()}`)).body.payouts).toEqual([]);
    });

    it.each([
      '/v1/payouts?search=a%00b',
      '/v1/payouts?country=B%00',
      '/v1/payins?search=%00',
      '/v1/payouts/a%00b',
      '/v1/payins/a%00b',
      '/v1/transfers/%00',
    ])('in path ids and query filters: %s', async (route) => {
      expectError(await get(route), 400, 'invalid_request');
    });

    it('percent-encoded invalid UTF-8 in paths and queries never answers 5xx', async () => {
      for (const route of [
        '/v1/payouts/%ed%a0%80',
        '/v1/payouts/%ff',
        '/v1/payouts?search=%ed%a0%80',
        '/v1/payouts?search=%ff%fe',
        '/pay/%c3%28',
      ]) {
        const answer = await get(route);
        expect(answer.status).toBeGreaterThanOrEqual(200);
        expect(answer.status).toBeLessThan(500);
        if (answer.status >= 400)
          expect(Object.keys(answer.body)).toEqual(['error', 'message', 'request_id']);
      }
    });
  });

  describe('impossible filter dates answer 400 invalid_range', () => {
    const listings = [
      '/v1/payouts',
      '/v1/payins',
      '/v1/movements',
      '/v1/events',
      '/v1/balances/history',
      '/v1/reports/statement',
    ];
    const impossible = ['from=2026-02-30', 'from=2026-13-01', 'to=0000-01-01', 'to=9999-12-31'];

    it.each(listings)('on %s', async (listing) => {
      for (const query of impossible) {
        const answer = await api.request('GET', `${listing}?${query}`, {
          token: owner.access_token,
          headers: { accept: 'application/json' },
        });
        expectError(answer, 400, 'invalid_range');
      }
    });

    it('accepts the whole documented range, to 9999-12-30', async () => {
      for (const listing of ['/v1/payouts', '/v1/payins', '/v1/movements', '/v1/events']) {
        const answer = await api.request(
          'GET',
          `${listing}?from=0001-01-01&to=9999-12-30&page_size=1`,
          { token: owner.access_token, headers: { accept: 'application/json' } },
        );
        expect(answer.status).toBe(200);
      }
    });
  });

  describe('amounts above the ceiling (more than 15 integer digits) answer invalid_amount', () => {
    const huge = '99999999999999999999999';
    const four_hundred_digits = '9'.repeat(400);

    it('a 400-digit amount on transfers and swaps', async () => {
      expectError(
        await post('/v1/transfers', {
          recipient: 'someone@example.com',
          asset: 'USD',
          amount: four_hundred_digits,
        }),
        400,
        'invalid_amount',
      );
      expectError(
        await post('/v1/swaps', {
          from_asset: 'USD',
          to_asset: 'USDT',
          amount: four_hundred_digits,
        }),
        400,
        'invalid_amount',
      );
    });

    it.each([
      ['a sandbox bank transfer of 23 digits', 'bank_transfer', 'US', 'USD', huge],
      ['a bank transfer of 16 digits', 'bank_transfer', 'MX', 'MXN', '1000000000000000'],
      ['a QR payin of 38 digits', 'qr', 'BR', 'BRL', '9'.repeat(38)],
      ['a fintoc payin of 40 digits', 'fintoc', 'CL', 'CLP', '9'.repeat(40)],
    ])('%s is refused and creates nothing', async (_case, method, country, currency, amount) => {
      const before = await payinCount();
      expectError(
        await post('/v1/payins', { method, country, currency, amount }),
        400,
        'invalid_amount',
      );
      expect(await payinCount()).toBe(before);
    });

    it('on checkout links, card payins, collections and deposits', async () => {
      const before = await payinCount();
      const bodies = [
        { method: 'checkout', amount: huge, settlement_asset: 'USDT', expires_in: 3600 },
        {
          method: 'card',
          country: 'US',
          currency: 'USD',
          amount: huge,
          customer: { name: 'Ana', email: 'ana@example.com' },
        },
      ];
      for (const body of bodies) expectError(await post('/v1/payins', body), 400, 'invalid_amount');
      expectError(
        await post('/v1/payins/collect', {
          method: 'c2p',
          country: 'VE',
          currency: 'VES',
          amount: huge,
          otp: '123456',
          payer: { phone: '+584141234567', document: 'V12345678', bank_code: '0102' },
        }),
        400,
        'invalid_amount',
      );
      const opened = await post('/v1/payins/deposit-accounts', {
        country: 'MX',
        currency: 'MXN',
        purpose: 'fondeo',
      });
      expect(opened.status).toBe(201);
      expectError(
        await post(`/v1/sandbox/deposit-accounts/${opened.body.deposit_account_id}/deposits`, {
          amount: huge,
        }),
        400,
        'invalid_amount',
      );
      expect(await payinCount()).toBe(before);
    });

    it('on public checkout payment routes and on paying a link by transfer', async () => {
      const link = await post('/v1/payins', {
        method: 'checkout',
        amount: '10.000000',
        settlement_asset: 'USDT',
        expires_in: 3600,
      });
      expect(link.status).toBe(201);
      const token = new URL(link.body.checkout_url as string).pathname.split('/').pop();
      const collect = await api.request('POST', `/pay/${token}/collect`, {
        body: {
          method: 'c2p',
          country: 'VE',
          currency: 'VES',
          amount: huge,
          otp: '123456',
          payer: { phone: '+584141234567', document: 'V12345678', bank_code: '0102' },
        },
      });
      expectError(collect, 400, 'invalid_amount');
      const payer = await api.account('edge-payer');
      const by_transfer = await api.request('POST', '/v1/transfers', {
        token: payer.access_token,
        body: { checkout_token: token, asset: 'USDT', amount: huge },
      });
      expectError(by_transfer, 400, 'invalid_amount');
      const state = await api.request('GET', `/pay/${token}/state`);
      expect(state.body.status).toBe('open');
    });

    it('on payouts, QR payouts and the rates quote', async () => {
      expectError(
        await post('/v1/payouts', {
          country: 'BR',
          currency: 'BRL',
          method: 'pix',
          amount: huge,
          idempotency_key: 'huge-payout',
          beneficiary: { name: 'Ana Silva', account_number: 'ana@example.com' },
        }),
        400,
        'invalid_amount',
      );
      const qr_payload = LOJA_AZUL_QR;
      expectError(
        await post('/v1/payouts/qr/confirm', { qr_payload, amount: huge, idempotency_key: 'qr-1' }),
        400,
        'invalid_amount',
      );
      expect((await get(`/v1/payouts?from=${recentDay()}`)).body.payouts).toEqual([]);
      expectError(await get(`/v1/rates?amount=${huge}`), 400, 'invalid_amount');
      expect((await get('/v1/rates?amount=999999999999999.99')).status).toBe(200);
    });

    it('on refunds of a credited card payin', async () => {
      const created = await post('/v1/payins', {
        method: 'card',
        country: 'US',
        currency: 'USD',
        amount: '25.00',
        customer: { name: 'Ana', email: 'ana@example.com' },
      });
      expect(created.status).toBe(201);
      const submitted = await api.request('POST', new URL(created.body.payment_url).pathname);
      expect(submitted.status).toBe(200);
      await api.eventually(
        async () => (await get(`/v1/payins/${created.body.payin_id}`)).body,
        (payin) => payin.status === 'credited',
      );
      expectError(
        await post(`/v1/payins/${created.body.payin_id}/refund`, { amount: huge }),
        400,
        'invalid_amount',
      );
    });
  });

  describe('found by the OpenAPI fuzzer', () => {
    it('headers over the server limit answer 431 headers_too_large as JSON', async () => {
      const answer = await get(`/v1/me?${'q'.repeat(20_000)}`);
      expectError(answer, 431, 'headers_too_large');
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    });

    it('a request the HTTP parser refuses answers 400 invalid_request as JSON', async () => {
      const { hostname, port } = new URL(api.base_url);
      const text = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), hostname, () => {
          socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
        });
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString()));
        socket.on('end', () => resolve(received));
        socket.on('error', reject);
      });
      expect(text).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
        error: 'invalid_request',
        message: expect.any(String),
        request_id: expect.any(String),
      });
    });

    it('an OTP challenge id that is not a UUID is not found, not a 500', async () => {
      const answer = await post('/v1/otp/challenges/[object Object]/verify', { code: '000000' });
      expect(answer.status).toBe(404);
      expect(Object.keys(answer.body)).toEqual(['error', 'message', 'request_id']);
    });

    it('an unknown organization is not echoed back, whatever its length', async () => {
      const org = 'o'.repeat(70_000);
      const answer = await api.request('POST', '/v1/auth/passkeys/login/begin', { body: { org } });
      expectError(answer, 400, 'unknown_org');
      expect(answer.body.message).not.toContain('ooooo');
    });
  });

  it('never prints an object into a message: method {} on collect', async () => {
    for (const method of [{}, [], { toString: 'x' }, 5, true]) {
      const answer = await post('/v1/payins/collect', {
        method,
        country: 'VE',
        currency: 'VES',
        amount: '10.00',
      });
      expectError(answer, 400, 'invalid_request');
      expect(answer.body.message).not.toMatch(/\[object|undefined|null/);
    }
  });
});
