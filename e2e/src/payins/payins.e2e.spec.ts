import { startPlatform, type E2ePlatform } from '../harness';
import {
  identityClient,
  payinsClient,
  recentDay,
  type PayinsClient,
  type TestAccount,
} from '../clients';

/** Payins over HTTP: create, validation, idempotency, the sandbox lifecycle and reads. */
describe('payins: create, lifecycle and reads', () => {
  let platform: E2ePlatform;
  let api: PayinsClient;
  let owner: TestAccount;

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'payins',
      settings: { SANDBOX_STEP_MS: '50', PAYINS_QR_EXPIRY_MS: '1500' },
      live: true,
    });
    api = payinsClient(platform.environments.test);
    owner = await api.account('payins');
  });
  afterAll(async () => platform.close());

  const create = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api.create(owner, body, headers);

  const read = (payin_id: string, token = owner.access_token) =>
    api.request('GET', `/v1/payins/${payin_id}`, { token });

  it('serves the corridor catalog with how payment is delivered', async () => {
    const answer = await api.request('GET', '/v1/payins/methods', { token: owner.access_token });
    expect(answer.status).toBe(200);
    expect(answer.body.methods).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          method: 'bank_transfer',
          country: 'MX',
          currency: 'MXN',
          delivery: 'push+polling',
        }),
        expect.objectContaining({ method: 'qr', country: 'BO', currency: 'BOB' }),
        expect.objectContaining({ method: 'fintoc', country: 'CL', currency: 'CLP' }),
        expect.objectContaining({ method: 'card', country: 'US', currency: 'USD' }),
        expect.objectContaining({ method: 'checkout', settlement_assets: expect.any(Array) }),
      ]),
    );
  });

  it('credits a bank transfer in USD at the rate table and emits payin_credited', async () => {
    const created = await create({
      method: 'bank_transfer',
      country: 'MX',
      currency: 'MXN',
      amount: '1720.00',
      idempotency_key: 'mx-transfer-1',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'pending',
      method: 'bank_transfer',
      local_amount: '1720.00',
      idempotency_hit: false,
      instructions: expect.objectContaining({ type: 'bank_transfer', clabe: expect.any(String) }),
    });
    expect(created.body.reference).toMatch(/^PI[A-Z0-9]{10}$/);

    const credited = await api.awaitSettled(owner, created.body.payin_id);
    expect(credited).toMatchObject({
      status: 'credited',
      credit_asset: 'USD',
      usdt_credited: '100.00',
      fx_rate: '17.2',
      fee: '0.00',
    });
    expect(await api.movementsOf(owner, created.body.payin_id, 1)).toEqual([
      { asset: 'USD', amount: '100.00', kind: 'payin' },
    ]);
    const events = await api.eventsOf(owner, created.body.payin_id, 1);
    expect(events).toEqual([
      {
        type: 'payin_credited',
        data: {
          payin_id: created.body.payin_id,
          account_id: owner.account_id,
          country: 'MX',
          currency: 'MXN',
          local_amount: '1720.00',
          fx_rate: '17.2',
          usdt_credited: '100.00',
          fee: '0.00',
          idempotency_key: 'mx-transfer-1',
        },
      },
    ]);
  });

  it('keeps a fiat_hold_local QR payin in the BOB balance', async () => {
    const created = await create({
      method: 'qr',
      country: 'BO',
      currency: 'BOB',
      amount: '69.60',
      fiat_hold_local: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.instructions).toMatchObject({ type: 'qr', qr_payload: expect.any(String) });
    const credited = await api.awaitSettled(owner, created.body.payin_id);
    expect(credited).toMatchObject({ status: 'credited', credit_asset: 'BOB' });
    expect(await api.movementsOf(owner, created.body.payin_id, 1)).toEqual([
      { asset: 'BOB', amount: '69.60', kind: 'payin' },
    ]);
    const [event] = await api.eventsOf(owner, created.body.payin_id, 1);
    expect(event?.data).toMatchObject({ credit_asset: 'BOB', fiat_credited: '69.60' });
    expect(event?.data).not.toHaveProperty('idempotency_key');
  });

  it.each([
    [{ method: 'qr', currency: 'BOB', amount: '10.00' }, 400, 'country_required'],
    [{ method: 'qr', country: 'BO', amount: '10.00' }, 400, 'currency_required'],
    [{ method: 'qr', country: 'BO', currency: 'BOB', amount: 10 }, 400, 'invalid_amount'],
    [{ method: 'qr', country: 'BO', currency: 'BOB', amount: '10.001' }, 400, 'invalid_amount'],
    [{ method: 'qr', country: 'BO', currency: 'BOB', amount: '0' }, 400, 'invalid_amount'],
    [{ method: 'qr', country: 'BO', currency: 'BOB', amount: '-5.00' }, 400, 'invalid_amount'],
    [{ method: 'qr', country: 'BO', currency: 'BOB', amount: '1e3' }, 400, 'invalid_amount'],
    [{ method: 'qr', country: 'BO', currency: 'BOB' }, 400, 'invalid_amount'],
    [{ method: 'fintoc', country: 'CL', currency: 'CLP', amount: '1000.5' }, 400, 'invalid_amount'],
    [
      { method: 'qr', country: 'US', currency: 'USD', amount: '10.00' },
      400,
      'payin_corridor_unsupported',
    ],
    [
      { method: 'wire', country: 'US', currency: 'USD', amount: '10.00' },
      400,
      'payin_corridor_unsupported',
    ],
    [{ country: 'US', currency: 'USD', amount: '10.00' }, 400, 'invalid_request'],
    [{ method: 'qr', country: 'usa', currency: 'BOB', amount: '1.00' }, 400, 'invalid_country'],
    [
      { method: 'qr', country: 'BO', currency: 'BOB', amount: '1.00', extra: 1 },
      400,
      'invalid_json',
    ],
    [
      { method: 'qr', country: 'BO', currency: 'USD', amount: '1.00', fiat_hold_local: true },
      400,
      'payin_corridor_unsupported',
    ],
    [
      {
        method: 'bank_transfer',
        country: 'US',
        currency: 'USD',
        amount: '1.00',
        fiat_hold_local: true,
      },
      400,
      'invalid_request',
    ],
    [
      {
        method: 'qr',
        country: 'BO',
        currency: 'BOB',
        amount: '1.00',
        idempotency_key: 'payin-convert:x',
      },
      400,
      'reserved_idempotency_key',
    ],
    [
      { method: 'qr', country: 'BO', currency: 'BOB', amount: '1.00', idempotency_key: 'a\nb' },
      400,
      'invalid_idempotency_key',
    ],
    [
      {
        method: 'qr',
        country: 'BO',
        currency: 'BOB',
        amount: '1.00',
        idempotency_key: 'k'.repeat(257),
      },
      400,
      'invalid_idempotency_key',
    ],
  ])('rejects %j with %i %s and stores nothing', async (body, status, error) => {
    const account = await api.account('invalid');
    await api.expectRefusedStoringNothing(account, await api.create(account, body), status, error);
  });

  describe('QR idempotency (spec §4)', () => {
    const qr = { method: 'qr', country: 'BR', currency: 'BRL', amount: '50.00' };

    it('replays the original charge for the same key and an equivalent amount', async () => {
      const first = await create({ ...qr, idempotency_key: 'qr-replay' });
      expect(first.status).toBe(201);
      const again = await create({ ...qr, amount: '50.0', idempotency_key: 'qr-replay' });
      expect(again.status).toBe(201);
      expect(again.body).toMatchObject({
        payin_id: first.body.payin_id,
        reference: first.body.reference,
        idempotency_hit: true,
      });
    });

    it('takes the key from the Idempotency-Key header, the body winning over it', async () => {
      const by_header = await create(qr, { 'Idempotency-Key': 'qr-header' });
      const replay = await create(qr, { 'Idempotency-Key': 'qr-header' });
      expect(replay.body).toMatchObject({
        payin_id: by_header.body.payin_id,
        idempotency_hit: true,
      });
      const body_wins = await create(
        { ...qr, idempotency_key: 'qr-body' },
        { 'Idempotency-Key': 'qr-header' },
      );
      expect(body_wins.body.idempotency_hit).toBe(false);
      expect(body_wins.body.payin_id).not.toBe(by_header.body.payin_id);
      expect(body_wins.body.idempotency_key).toBe('qr-body');
    });

    it.each([
      [{ amount: '50.01' }],
      [{ country: 'AR', currency: 'ARS' }],
      [{ currency: 'ARS' }],
      [{ method: 'bank_transfer', country: 'AR', currency: 'ARS' }],
    ])('answers 409 idempotency_conflict for a different %j', async (change) => {
      await create({ ...qr, idempotency_key: `qr-conflict-${JSON.stringify(change)}` });
      const conflict = await create({
        ...qr,
        ...change,
        idempotency_key: `qr-conflict-${JSON.stringify(change)}`,
      });
      expect(conflict.status).toBe(409);
      expect(conflict.body.error).toBe('idempotency_conflict');
    });

    it('creates exactly one payin for concurrent requests with one key', async () => {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => create({ ...qr, idempotency_key: 'qr-race' })),
      );
      expect(new Set(answers.map((answer) => answer.body.payin_id)).size).toBe(1);
      expect(answers.filter((answer) => answer.body.idempotency_hit === false)).toHaveLength(1);
    });
  });

  it('fails a .99 collection with payin_expired carrying the failure, moving no money', async () => {
    const payer = await api.account('failing');
    const created = await api.create(payer, {
      method: 'fintoc',
      country: 'CL',
      currency: 'CLP',
      amount: '930',
      idempotency_key: 'fintoc-ok',
    });
    const failing = await api.create(payer, {
      method: 'bank_transfer',
      country: 'US',
      currency: 'USD',
      amount: '20.99',
    });
    const failed = await api.awaitSettled(payer, failing.body.payin_id);
    expect(failed).toMatchObject({
      status: 'failed',
      failure: { origin: 'provider', code: expect.any(String), message: expect.any(String) },
      usdt_credited: null,
    });
    const events = await api.eventsOf(payer, failing.body.payin_id, 1);
    expect(events).toEqual([
      {
        type: 'payin_expired',
        data: expect.objectContaining({
          status: 'failed',
          country: 'US',
          currency: 'USD',
          local_amount: '20.99',
          reference: failing.body.reference,
          failure: expect.objectContaining({ origin: 'provider' }),
        }),
      },
    ]);
    // Only the good CLP payin (930 CLP = 1.00 USD) reaches the balance.
    await api.awaitSettled(payer, created.body.payin_id);
    expect(await api.movementsOf(payer, created.body.payin_id, 1)).toEqual([
      { asset: 'USD', amount: '1.00', kind: 'payin' },
    ]);
    expect(await api.movementsOf(payer, failing.body.payin_id, 0)).toEqual([]);
  });

  it('never pays a .77 QR: it expires at its expiry with payin_expired', async () => {
    const created = await create({
      method: 'qr',
      country: 'AR',
      currency: 'ARS',
      amount: '500.77',
    });
    expect(created.status).toBe(201);
    const expired = await api.awaitSettled(owner, created.body.payin_id);
    expect(expired).toMatchObject({ status: 'expired', usdt_credited: null, failure: null });
    const events = await api.eventsOf(owner, created.body.payin_id, 1);
    expect(events.map((event) => event.type)).toEqual(['payin_expired']);
    expect(events[0]?.data).toMatchObject({ status: 'expired', local_amount: '500.77' });
    expect(events[0]?.data).not.toHaveProperty('failure');
  });

  it('answers 404 for another account’s payin and an unknown id', async () => {
    const created = await create({ method: 'qr', country: 'BO', currency: 'BOB', amount: '3.00' });
    const stranger = await api.account('stranger');
    expect((await read(created.body.payin_id, stranger.access_token)).status).toBe(404);
    expect((await read('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await read('not-an-id')).body.error).toBe('not_found');
  });

  describe('listing', () => {
    let account: TestAccount;
    const list = (query: string) => api.list(account, query);
    const recent_day = recentDay();

    beforeAll(async () => {
      account = await api.account('listing');
      for (const body of [
        { method: 'qr', country: 'BO', currency: 'BOB', amount: '1.00', glosa: 'first' },
        { method: 'bank_transfer', country: 'US', currency: 'USD', amount: '2.99' },
        {
          method: 'qr',
          country: 'AR',
          currency: 'ARS',
          amount: '3000.00',
          idempotency_key: 'find-me',
        },
      ]) {
        const created = await api.create(account, body);
        await api.awaitSettled(account, created.body.payin_id);
      }
    });

    it('lists newest first with page and page_size (D7)', async () => {
      const page = await list('?page_size=2');
      expect(page.body).toMatchObject({ page: 1, page_size: 2 });
      expect(page.body.payins.map((payin: { local_amount: string }) => payin.local_amount)).toEqual(
        ['3000.00', '2.99'],
      );
      const second = await list(`?page=2&page_size=2&from=${recent_day}`);
      expect(second.body.payins.map((payin: { glosa: string }) => payin.glosa)).toEqual(['first']);
      expect((await list('?page_size=500')).body.page_size).toBe(100);
    });

    it('filters by status, country, method and search', async () => {
      expect((await list('?status=failed')).body.payins).toHaveLength(1);
      expect((await list('?country=BO')).body.payins).toHaveLength(1);
      expect((await list('?method=qr')).body.payins).toHaveLength(2);
      expect((await list('?search=find-me')).body.payins[0].idempotency_key).toBe('find-me');
      expect((await list('?search=first')).body.payins[0].glosa).toBe('first');
      expect((await list('?status=weird')).body.error).toBe('invalid_status');
    });

    it('filters by organization-local dates', async () => {
      expect((await list('?from=2000-01-01&to=2000-01-31')).body.payins).toEqual([]);
      const recent = (await list(`?from=${recent_day}`)).body.payins;
      expect(recent.map((payin: { local_amount: string }) => payin.local_amount)).toEqual([
        '3000.00',
        '2.99',
        '1.00',
      ]);
      // The demo history's payins are older: a wider window shows them after these three.
      const since_2000 = (await list('?from=2000-01-01&page_size=100')).body.payins;
      expect(since_2000.slice(0, 3)).toEqual(recent);
      expect(since_2000.length).toBeGreaterThan(3);
      expect((await list('?from=yesterday')).body.error).toBe('invalid_request');
    });

    it('exports CSV', async () => {
      const csv = await list(`?format=csv&from=${recent_day}`);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      const lines = csv.text.trim().split('\n');
      expect(lines[0]).toContain('Payin ID');
      expect(lines).toHaveLength(4);
    });
  });

  it("creates with an API key as with a session: the key's check carries the verification", async () => {
    const key_request = (
      target: typeof platform.environments.test,
      key: string,
      idempotency_key: string,
    ) =>
      payinsClient(target).request('POST', '/v1/payins', {
        headers: { 'x-api-key': key },
        body: { method: 'qr', country: 'BO', currency: 'BOB', amount: '10.00', idempotency_key },
      });
    const approved_key = await identityClient(platform.environments.test).issueApiKey(
      owner.access_token,
      'payins',
    );
    const created = await key_request(platform.environments.test, approved_key, 'key-create-1');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'pending', method: 'qr', idempotency_hit: false });

    const live = payinsClient(platform.environments.live);
    const unverified = await live.account('unverified-key');
    const live_key = await identityClient(platform.environments.live).issueApiKey(
      unverified.access_token,
      'payins',
    );
    const refused = await key_request(platform.environments.live, live_key, 'key-create-2');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('verification_required');
  });

  it('answers verification_required for an account that is not approved (live)', async () => {
    const live = payinsClient(platform.environments.live);
    const account = await live.account('unverified');
    const answer = await live.create(account, {
      method: 'qr',
      country: 'BO',
      currency: 'BOB',
      amount: '10.00',
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('verification_required');
  });
});
