import { startPlatform, type E2ePlatform } from '../harness';
import {
  cardPayin,
  identityClient,
  payinsClient,
  recentDay,
  type PayinRead,
  type PayinsClient,
} from '../clients';

/**
 * Card payins with delayed settlement, refunds and checkout links, over HTTP. What needs time to
 * pass by hand (a due settlement, an expiring link) is in payins-internals.all-in-one.e2e.spec.ts.
 */
describe('payins: cards, refunds and checkout links', () => {
  let platform: E2ePlatform;
  let api: PayinsClient;

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'payincard',
      settings: { SANDBOX_STEP_MS: '50', PAYINS_SETTLEMENT_INTERVAL_MS: '100' },
    });
    api = payinsClient(platform.environments.test);
  });
  afterAll(async () => platform.close());

  const inAWhile = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

  async function accountClient(label: string) {
    const account = await api.account(label);
    const create = (body: Record<string, unknown>) => api.create(account, body);
    const until = (payin_id: string, done: (payin: PayinRead) => boolean) =>
      api.awaitPayin(account, payin_id, done);
    return { ...account, create, until };
  }

  describe('card payins', () => {
    it.each([
      [{ amount: '10.44' }, 422, 'provider_rejected'],
      [{ expires_at: inAWhile(4) }, 400, 'invalid_request'],
      [{ expires_at: inAWhile(49 * 60) }, 400, 'invalid_request'],
      [{ expires_at: 'tomorrow' }, 400, 'invalid_request'],
      [{ settlement_hours: 25 }, 400, 'invalid_settlement_hours'],
      [{ settlement_hours: -24 }, 400, 'invalid_settlement_hours'],
      [{ settlement_hours: '24' }, 400, 'invalid_settlement_hours'],
      [{ customer: undefined }, 400, 'invalid_request'],
      [{ customer: { name: 'Ana', email: 'nope' } }, 400, 'invalid_email'],
    ])('rejects %j with %i %s and charges nothing', async (change, status, error) => {
      const account = await accountClient('card-invalid');
      const answer = await account.create(cardPayin(change));
      await api.expectRefusedStoringNothing(account, answer, status, error);
    });

    it('charges a card when the payer submits the hosted page', async () => {
      const account = await accountClient('card-now');
      const created = await account.create(cardPayin({ expires_at: inAWhile(10) }));
      expect(created.status).toBe(201);
      expect(created.body.payment_url).toMatch(new RegExp(`^${api.base_url}/pay/card/`));
      expect(created.body.status).toBe('pending');
      expect((await api.submitCardPage(created.body.payment_url)).status).toBe(200);
      const credited = await account.until(created.body.payin_id, (p) => p.status !== 'pending');
      expect(credited).toMatchObject({ status: 'credited', settlement_pending: false });
      expect(await api.movementsOf(account, created.body.payin_id, 1)).toEqual([
        { asset: 'USD', amount: '25.00', kind: 'payin' },
      ]);
    });

    it('delays settlement by business days, and an admin releases it early', async () => {
      const account = await accountClient('card-delay');
      const created = await account.create(
        cardPayin({ amount: '40.00', settlement_hours: 24, idempotency_key: 'card-delay' }),
      );
      expect((await api.submitCardPage(created.body.payment_url)).status).toBe(200);
      const scheduled = await account.until(created.body.payin_id, (p) => p.status !== 'pending');
      expect(scheduled).toMatchObject({ status: 'credited', settlement_pending: true });
      expect(new Date(scheduled.settle_at).getTime()).toBeGreaterThan(Date.now());
      expect([0, 6]).not.toContain(new Date(scheduled.settle_at).getUTCDay());
      expect(await api.movementsOf(account, created.body.payin_id, 0)).toEqual([]);

      const refund = await api.request('POST', `/v1/payins/${created.body.payin_id}/refund`, {
        token: account.access_token,
        body: {},
      });
      expect(refund.status).toBe(422);
      expect(refund.body.error).toBe('settlement_pending');

      // An organization admin of demo releases it; the account itself may not.
      const admin = await identityClient(platform.environments.test).newOrgAdmin('demo');
      const release_route = `/v1/org/payins/${created.body.payin_id}/release-settlement`;
      const refused = await api.request('POST', release_route, { token: account.access_token });
      expect([refused.status, refused.body.error]).toEqual([403, 'org_admin_required']);
      const released = await api.request('POST', release_route, {
        token: admin.session.access_token,
      });
      expect(released.status).toBe(200);
      expect(released.body).toMatchObject({ settlement_pending: false, status: 'credited' });
      expect(await api.movementsOf(account, created.body.payin_id, 1)).toEqual([
        { asset: 'USD', amount: '40.00', kind: 'payin' },
      ]);
      const events = await api.eventsOf(account, created.body.payin_id, 2);
      expect(events.map((event) => event.type)).toEqual([
        'payin_settlement_scheduled',
        'payin_credited',
      ]);
      expect(events[0]?.data).toMatchObject({
        status: 'credited',
        usdt_gross: '40.00',
        fee: '0.00',
        usdt_net: '40.00',
        settle_at: scheduled.settle_at,
        idempotency_key: 'card-delay',
      });
    });

    it('allows 50 open card sessions per account, then 429; a key used before still answers its payin', async () => {
      const account = await accountClient('card-cap');
      const first = await account.create(cardPayin({ idempotency_key: 'card-cap-first' }));
      expect(first.status).toBe(201);
      for (let batch = 0; batch < 5; batch += 1) {
        const size = batch === 0 ? 9 : 10;
        const answers = await Promise.all(
          Array.from({ length: size }, () => account.create(cardPayin())),
        );
        expect(answers.map((answer) => answer.status)).toEqual(Array(size).fill(201));
      }
      const over = await account.create(cardPayin());
      expect(over.status).toBe(429);
      expect(over.body.error).toBe('too_many_open_card_sessions');

      // The cap refuses new sessions, not the answer to a request already made.
      const again = await account.create(cardPayin({ idempotency_key: 'card-cap-first' }));
      expect(again.body).toMatchObject({
        payin_id: first.body.payin_id,
        idempotency_hit: true,
      });
      const other = await account.create(
        cardPayin({ idempotency_key: 'card-cap-first', amount: '26.00' }),
      );
      expect(other.body.error).toBe('idempotency_conflict');
    });
  });

  describe('refunds', () => {
    it('refunds part then the rest of a credited payin, emitting payin_refunded', async () => {
      const account = await accountClient('refund');
      const created = await api.createCredited(account, {
        method: 'bank_transfer',
        country: 'US',
        currency: 'USD',
        amount: '30.00',
        idempotency_key: 'refund-me',
      });
      const refund = (body: Record<string, unknown>) =>
        api.request('POST', `/v1/payins/${created.body.payin_id}/refund`, {
          token: account.access_token,
          body,
        });
      const partial = await refund({ amount: '10.00' });
      expect(partial.status).toBe(201);
      expect(partial.body).toMatchObject({
        refund_status: 'partial',
        refunded_amount: '10.00',
        refund: { debited_asset: 'USD', debited_amount: '10.00' },
      });
      const listed = async (query: string) =>
        (await api.list(account, `?${query}`)).body as {
          payins?: { payin_id: string }[];
          error?: string;
        };
      const ids = async (query: string) => (await listed(query)).payins?.map((p) => p.payin_id);
      expect(await ids('refund_status=partial')).toEqual([created.body.payin_id]);
      // None of the account's own payins is unrefunded (its older demo history is).
      expect(await ids(`refund_status=none&from=${recentDay()}`)).toEqual([]);
      expect(await ids('kind=payin&refund_status=partial')).toEqual([created.body.payin_id]);
      expect(await ids('kind=checkout')).toEqual([]);
      expect((await listed('refund_status=maybe')).error).toBe('invalid_status');
      expect((await listed('kind=other')).error).toBe('invalid_request');
      expect((await refund({ amount: '20.01' })).body.error).toBe('refund_exceeds_payin');
      expect((await refund({ amount: '1.001' })).body.error).toBe('invalid_amount');
      const rest = await refund({});
      expect(rest.body).toMatchObject({ refund_status: 'refunded', refunded_amount: '30.00' });
      expect(await ids('refund_status=refunded')).toEqual([created.body.payin_id]);
      const again = await refund({});
      expect(again.status).toBe(422);
      expect(again.body.error).toBe('payin_not_refundable');
      expect(await api.movementsOf(account, created.body.payin_id, 3)).toEqual([
        { asset: 'USD', amount: '30.00', kind: 'payin' },
        { asset: 'USD', amount: '-10.00', kind: 'payin_refund' },
        { asset: 'USD', amount: '-20.00', kind: 'payin_refund' },
      ]);
      // The credit and both refunds: three events of the payin.
      const refunded = (await api.eventsOf(account, created.body.payin_id, 3)).filter(
        (event) => event.type === 'payin_refunded',
      );
      expect(refunded.map((event) => event.data)).toEqual([
        expect.objectContaining({
          debited_asset: 'USD',
          debited_amount: '10.00',
          idempotency_key: 'refund-me',
        }),
        expect.objectContaining({ debited_asset: 'USD', debited_amount: '20.00' }),
      ]);
    });

    it('answers refund_not_supported for QR and payin_not_refundable while pending', async () => {
      const account = await accountClient('refund-no');
      const qr = await api.createCredited(account, {
        method: 'qr',
        country: 'BO',
        currency: 'BOB',
        amount: '7.00',
      });
      const pending = await account.create({
        method: 'bank_transfer',
        country: 'US',
        currency: 'USD',
        amount: '9.77',
      });
      const refund = (payin_id: string) =>
        api.request('POST', `/v1/payins/${payin_id}/refund`, {
          token: account.access_token,
          body: {},
        });
      expect((await refund(qr.body.payin_id)).body.error).toBe('refund_not_supported');
      expect((await refund(pending.body.payin_id)).body.error).toBe('payin_not_refundable');
      expect((await refund('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    });
  });

  describe('checkout links', () => {
    it.each([
      [{ expires_in: 599 }, 'invalid_request'],
      [{ expires_in: 604_801 }, 'invalid_request'],
      [{ expires_in: '600' }, 'invalid_request'],
      [{ expires_in: undefined }, 'invalid_request'],
      [{ currency: 'USD' }, 'invalid_request'],
      [{ settlement_asset: 'BOB' }, 'invalid_settlement_asset'],
      [{ amount: '10.0000001' }, 'invalid_amount'],
    ])('rejects %j with 400 %s', async (change, error) => {
      const account = await accountClient('checkout-invalid');
      const answer = await account.create({
        method: 'checkout',
        amount: '10.000000',
        settlement_asset: 'USDT',
        expires_in: 3600,
        ...change,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(error);
    });

    async function newLink(label: string) {
      const account = await accountClient(label);
      const { created, path } = await api.checkoutLink(account, {
        success_url: 'https://merchant.example/ok',
      });
      return { account, created, path };
    }

    it('is paid by the first method that completes, in its settlement asset', async () => {
      const { account, created, path } = await newLink('checkout-pay');
      expect(created.body.checkout_url).toMatch(new RegExp(`^${api.base_url}/pay/[\\w-]+$`));
      expect(await api.linkState(path)).toMatchObject({
        status: 'open',
        amount: '10.000000',
        settlement_asset: 'USDT',
        conversion_status: 'pending',
      });
      const quote = await api.request('GET', `${path}/quote`);
      expect(quote.body.countries).toEqual(expect.arrayContaining(['MX', 'BO', 'US']));
      expect(quote.body.options).toContainEqual({
        method: 'bank_transfer',
        country: 'MX',
        currency: 'MXN',
        local_amount: '172.00',
      });
      expect(quote.body.cards).toContainEqual(expect.objectContaining({ available: true }));
      expect(quote.body.crypto).toContainEqual({ asset: 'USDT', amount: '10.000000' });
      expect(quote.body.account_app).toEqual({ asset: 'USDT', amount: '10.000000' });

      const paying = await api.request(
        'POST',
        `${path}/methods/bank_transfer?country=MX&currency=MXN`,
      );
      expect(paying.status).toBe(201);
      expect(paying.body.payin).toMatchObject({
        method: 'bank_transfer',
        local_amount: '172.00',
        instructions: expect.objectContaining({ clabe: expect.any(String) }),
      });
      const paid = await api.awaitLinkClosed(path);
      expect(paid).toMatchObject({
        status: 'paid',
        paid_method: 'bank_transfer',
        paid_currency: 'MXN',
        conversion_status: 'completed',
      });
      const late = await api.request('POST', `${path}/methods/qr?country=BO&currency=BOB`);
      expect(late.status).toBe(409);
      expect(late.body.error).toBe('already_paid');
      expect((await api.request('GET', `${path}/quote`)).body.error).toBe('already_paid');
      expect(await api.movementsOf(account, created.body.payin_id, 1)).toEqual([
        { asset: 'USDT', amount: '10.000000', kind: 'payin' },
      ]);
      const [event] = await api.eventsOf(account, created.body.payin_id, 1);
      expect(event).toEqual({
        type: 'payin_credited',
        data: expect.objectContaining({
          currency: 'MXN',
          local_amount: '172.00',
          usdt_credited: '10.000000',
          fx_rate: '17.2',
        }),
      });
    });

    it('serves the hosted checkout page in the locale order of spec §1', async () => {
      const { path } = await newLink('checkout-page');
      const english = await api.request('GET', path);
      expect(english.headers.get('content-type')).toContain('text/html');
      expect(english.text).toContain('<html lang="en">');
      expect(english.text).toContain('10.00 USDT');
      const spanish = await api.request('GET', `${path}?lang=es`, {
        headers: { 'accept-language': 'zh' },
      });
      expect(spanish.text).toContain('<html lang="es">');
      expect(spanish.text).toContain('Elija cómo pagar');
      const chinese = await api.request('GET', `${path}?lang=xx`, {
        headers: { 'accept-language': 'zh-CN,en;q=0.5' },
      });
      expect(chinese.text).toContain('<html lang="zh">');
      expect((await api.request('GET', '/pay/unknown-token/state')).status).toBe(404);
    });
  });
});
