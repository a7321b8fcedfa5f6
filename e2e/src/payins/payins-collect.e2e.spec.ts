import { startPlatform, type E2ePlatform } from '../harness';
import {
  c2pCollection,
  inlineSchemaRefs,
  payinsClient,
  type PayinRead,
  type PayinsClient,
} from '../clients';

/** Pull collections, paying a checkout link by internal transfer, and the API document. */
describe('payins: pull collections and checkout by transfer', () => {
  let platform: E2ePlatform;
  let api: PayinsClient;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'payincollect', settings: { SANDBOX_STEP_MS: '50' } });
    api = payinsClient(platform.environments.test);
  });
  afterAll(async () => platform.close());

  async function accountClient(label: string) {
    const account = await api.account(label);
    const post = (route: string, body: Record<string, unknown>) =>
      api.request('POST', route, { token: account.access_token, body });
    const until = (payin_id: string, done: (payin: PayinRead) => boolean) =>
      api.awaitPayin(account, payin_id, done);
    return { ...account, post, until };
  }

  const c2p = (overrides: Record<string, unknown> = {}) =>
    c2pCollection({ amount: '365.00', ...overrides });

  describe('VE/VES c2p pull collection', () => {
    it('is listed in the catalog without an OTP route', async () => {
      const account = await accountClient('collect-catalog');
      const catalog = await api.request('GET', '/v1/payins/methods', {
        token: account.access_token,
      });
      expect(catalog.body.methods).toContainEqual(
        expect.objectContaining({
          method: 'c2p',
          kind: 'collect',
          otp_route: false,
          country: 'VE',
        }),
      );
      const otp = await account.post('/v1/payins/collect/otp', {
        method: 'c2p',
        country: 'VE',
        currency: 'VES',
      });
      expect(otp.status).toBe(400);
      expect(otp.body.error).toBe('invalid_request');
    });

    it('collects with the bank key and credits the account at the rate table', async () => {
      const account = await accountClient('collect');
      const created = await account.post('/v1/payins/collect', c2p({ idempotency_key: 'c2p-1' }));
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        method: 'c2p',
        status: 'pending',
        idempotency_hit: false,
      });
      expect(JSON.stringify(created.body)).not.toContain('12345678');
      const replay = await account.post('/v1/payins/collect', c2p({ idempotency_key: 'c2p-1' }));
      expect(replay.body).toMatchObject({ payin_id: created.body.payin_id, idempotency_hit: true });
      const conflict = await account.post(
        '/v1/payins/collect',
        c2p({ idempotency_key: 'c2p-1', amount: '366.00' }),
      );
      expect(conflict.status).toBe(409);
      const credited = await account.until(created.body.payin_id, (p) => p.status !== 'pending');
      expect(credited).toMatchObject({
        status: 'credited',
        usdt_credited: '10.00',
        fx_rate: '36.5',
      });
      expect(await api.movementsOf(account, created.body.payin_id, 1)).toEqual([
        { asset: 'USD', amount: '10.00', kind: 'payin' },
      ]);
    });

    it('fails a .99 collection with a failure object and payin_expired', async () => {
      const account = await accountClient('collect-fail');
      const created = await account.post('/v1/payins/collect', c2p({ amount: '100.99' }));
      const failed = await account.until(created.body.payin_id, (p) => p.status !== 'pending');
      expect(failed).toMatchObject({
        status: 'failed',
        failure: { origin: 'provider', code: expect.any(String), message: expect.any(String) },
      });
      const [event] = await api.eventsOf(account, created.body.payin_id, 1);
      expect(event).toMatchObject({
        type: 'payin_expired',
        data: { status: 'failed', failure: { origin: 'provider' } },
      });
    });

    it.each([
      [c2p({ otp: '999999' }), 422, 'collect_otp_failed'],
      [
        c2p({ payer: { phone: '+584141234567', document: 'REJECT', bank_code: '0102' } }),
        422,
        'collect_rejected',
      ],
      [c2p({ otp: undefined }), 400, 'invalid_request'],
      [c2p({ payer: undefined }), 400, 'invalid_request'],
      [c2p({ country: 'CO', currency: 'COP' }), 400, 'payin_corridor_unsupported'],
      [c2p({ amount: '1.001' }), 400, 'invalid_amount'],
      [c2p({ country: undefined }), 400, 'country_required'],
    ])('rejects %j with %i %s and stores nothing', async (body, status, error) => {
      const account = await accountClient('collect-bad');
      const answer = await account.post('/v1/payins/collect', body);
      await api.expectRefusedStoringNothing(account, answer, status, error);
    });
  });

  it('is paid by an internal transfer: POST /v1/transfers with checkout_token', async () => {
    const payer = await accountClient('checkout-payer');
    await api.createCredited(payer, {
      method: 'bank_transfer',
      country: 'US',
      currency: 'USD',
      amount: '20.00',
    });
    const owner = await accountClient('checkout-owner');
    const { created: link, token: checkout_token } = await api.checkoutLink(owner, {
      amount: '5.00',
      settlement_asset: 'USD',
      expires_in: 600,
    });
    const pay = (token: string, extra: Record<string, unknown> = {}) =>
      api.request('POST', '/v1/transfers', { token, body: { checkout_token, ...extra } });
    const self = await pay(owner.access_token);
    expect([self.status, self.body.error]).toEqual([400, 'self_transfer']);
    const mismatch = await pay(payer.access_token, { asset: 'USD', amount: '4.00' });
    expect([mismatch.status, mismatch.body.error]).toEqual([422, 'checkout_amount_mismatch']);
    const paid = await pay(payer.access_token, { asset: 'USD', amount: '5.0' });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ status: 'credited', usdt_credited: '5.00' });
    const again = await pay(payer.access_token);
    expect([again.status, again.body.error]).toEqual([409, 'already_paid']);
    expect(await api.linkState(`/pay/${checkout_token}`)).toMatchObject({
      status: 'paid',
      paid_method: 'internal_transfer',
      conversion_status: 'not_required',
    });
    expect(await api.movementsOf(payer, link.body.payin_id, 1)).toEqual([
      { asset: 'USD', amount: '-5.00', kind: 'checkout_payment' },
    ]);
    expect(await api.movementsOf(owner, link.body.payin_id, 1)).toEqual([
      { asset: 'USD', amount: '5.00', kind: 'checkout_payment' },
    ]);
    const [event] = await api.eventsOf(owner, link.body.payin_id, 1);
    expect(event).toMatchObject({
      type: 'payin_credited',
      data: { currency: 'USD', local_amount: '5.00', usdt_credited: '5.00', fx_rate: '1' },
    });
  });

  describe('dedicated deposit accounts', () => {
    const open = (token: string, body: Record<string, unknown>) =>
      api.request('POST', '/v1/payins/deposit-accounts', { token, body });
    const alias = (token: string, body: Record<string, unknown>) =>
      api.request('PUT', '/v1/payins/deposit-accounts/bank-alias', { token, body });

    it.each([
      [{ country: 'MX', currency: 'MXN', purpose: 'savings' }, 'invalid_purpose'],
      [
        { country: 'MX', currency: 'MXN', purpose: 'fondeo', label: 'x'.repeat(61) },
        'invalid_label',
      ],
      [{ country: 'BR', currency: 'BRL', purpose: 'fondeo' }, 'payin_corridor_unsupported'],
      [{ currency: 'MXN', purpose: 'fondeo' }, 'country_required'],
    ])('rejects %j with 400 %s', async (body, error) => {
      const account = await api.account('deposit-bad');
      const answer = await open(account.access_token, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(error);
    });

    it('gives a company up to 50 per corridor and lists them newest first', async () => {
      const company = await api.account('deposit-company');
      const first = await open(company.access_token, {
        country: 'MX',
        currency: 'MXN',
        purpose: 'fondeo',
        label: 'x'.repeat(60),
      });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ country: 'MX', purpose: 'fondeo', bank_alias: null });
      expect(first.body.account_number).toMatch(/^\d{18}$/);
      for (let batch = 0; batch < 7; batch += 1) {
        const answers = await Promise.all(
          Array.from({ length: 7 }, () =>
            open(company.access_token, { country: 'MX', currency: 'MXN', purpose: 'banking' }),
          ),
        );
        expect(answers.every((answer) => answer.status === 201)).toBe(true);
      }
      const over = await open(company.access_token, {
        country: 'MX',
        currency: 'MXN',
        purpose: 'fondeo',
      });
      expect(over.status).toBe(422);
      expect(over.body.error).toBe('deposit_account_limit_reached');
      const other_corridor = await open(company.access_token, {
        country: 'US',
        currency: 'USD',
        purpose: 'banking',
      });
      expect(other_corridor.status).toBe(201);
      const listing = await api.request('GET', '/v1/payins/deposit-accounts?page_size=100', {
        token: company.access_token,
      });
      expect(listing.body.deposit_accounts).toHaveLength(51);
      expect(listing.body.deposit_accounts[0].country).toBe('US');
    });

    it('gives a person one per corridor and keeps AR aliases unique', async () => {
      const person = await api.account('deposit-person', 'person');
      const ar = await open(person.access_token, {
        country: 'AR',
        currency: 'ARS',
        purpose: 'fondeo',
      });
      expect(ar.status).toBe(201);
      const second = await open(person.access_token, {
        country: 'AR',
        currency: 'ARS',
        purpose: 'fondeo',
      });
      expect(second.body.error).toBe('deposit_account_limit_reached');
      const named = await alias(person.access_token, {
        deposit_account_id: ar.body.deposit_account_id,
        alias: 'mi.alias.pagos',
      });
      expect(named.status).toBe(200);
      expect(named.body.bank_alias).toBe('mi.alias.pagos');

      const other = await api.account('deposit-other');
      const other_ar = await open(other.access_token, {
        country: 'AR',
        currency: 'ARS',
        purpose: 'fondeo',
      });
      const taken = await alias(other.access_token, {
        deposit_account_id: other_ar.body.deposit_account_id,
        alias: 'MI.ALIAS.PAGOS',
      });
      expect(taken.status).toBe(422);
      expect(taken.body.error).toBe('alias_taken');
      const not_mine = await alias(other.access_token, {
        deposit_account_id: ar.body.deposit_account_id,
        alias: 'otro.alias',
      });
      expect(not_mine.status).toBe(404);
    });
  });

  it('documents the payins and pay routes in the OpenAPI document', async () => {
    const document = await api.request('GET', '/openapi.json');
    expect(document.status).toBe(200);
    expect(Object.keys(document.body.paths)).toEqual(
      expect.arrayContaining([
        '/v1/payins',
        '/v1/payins/{id}',
        '/v1/payins/{id}/refund',
        '/v1/payins/methods',
        '/v1/payins/collect',
        '/v1/payins/deposit-accounts',
        '/pay/{token}/quote',
        '/pay/{token}/methods/{method}',
      ]),
    );
  });

  it('documents the success answers of the payins and pay routes from the catalog', async () => {
    const document = inlineSchemaRefs((await api.request('GET', '/openapi.json')).body);
    const answer = (route: string, method: string, status: number) =>
      document.paths[route]?.[method]?.responses?.[status]?.content?.['application/json']
        ?.schema as Record<string, any> | undefined;
    const json_routes: [string, string, number][] = [
      ['/v1/payins', 'post', 201],
      ['/v1/payins', 'get', 200],
      ['/v1/payins/{id}', 'get', 200],
      ['/v1/payins/{id}/refund', 'post', 201],
      ['/v1/payins/methods', 'get', 200],
      ['/v1/payins/collect', 'post', 201],
      ['/v1/payins/collect/otp', 'post', 201],
      ['/v1/payins/deposit-accounts', 'post', 201],
      ['/v1/payins/deposit-accounts', 'get', 200],
      ['/v1/payins/deposit-accounts/bank-alias', 'put', 200],
      ['/v1/payins/cards', 'get', 200],
      ['/v1/payins/cards/{id}', 'delete', 200],
      ['/v1/payins/{id}/confirm-received', 'post', 200],
      ['/v1/payins/{id}/confirm-approve', 'post', 200],
      ['/v1/payins/{id}/confirm-cancel', 'post', 200],
      ['/v1/org/payins/{id}/release-settlement', 'post', 200],
      ['/v1/sandbox/deposit-accounts/{id}/deposits', 'post', 201],
      ['/pay/{token}/state', 'get', 200],
      ['/pay/{token}/quote', 'get', 200],
      ['/pay/{token}/methods/{method}', 'post', 201],
      ['/pay/{token}/collect', 'post', 201],
      ['/pay/{token}/collect/otp', 'post', 201],
      ['/pay/card/{token}', 'post', 200],
    ];
    const undocumented = json_routes.filter(([route, method, status]) => {
      const schema = answer(route, method, status);
      return !schema || Object.keys(schema).length === 0;
    });
    expect(undocumented).toEqual([]);
    expect(answer('/v1/payins', 'post', 201)?.properties).toMatchObject({
      payin_id: { type: 'string' },
      idempotency_hit: { type: 'boolean' },
      usdt_credited: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    });
    const listed = answer('/v1/payins', 'get', 200)?.properties?.payins?.items?.properties;
    expect(listed?.status).toMatchObject({
      enum: ['pending', 'credited', 'expired', 'failed', 'unassigned'],
    });
    // POST /v1/transfers answers the transfer, or the checkout payin a checkout_token paid.
    const transfer = answer('/v1/transfers', 'post', 201);
    const shapes = (transfer?.anyOf ?? transfer?.oneOf ?? []) as Record<string, any>[];
    expect(shapes.map((shape) => Object.keys(shape.properties ?? {}))).toEqual([
      expect.arrayContaining(['transfer_id', 'to_account_id']),
      expect.arrayContaining(['payin_id', 'checkout_url']),
    ]);
  });
});
