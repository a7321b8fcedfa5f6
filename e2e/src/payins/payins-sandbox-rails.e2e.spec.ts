import { startPlatform, type E2ePlatform } from '../harness';
import { pdfText, payinsClient, type PayinsClient } from '../clients';

/**
 * The sandbox rails a developer exercises by hand: deposits into dedicated deposit accounts
 * (`POST /v1/sandbox/deposit-accounts/{id}/deposits`) and the VE/VES `debito_inmediato` pull
 * collection whose payer's bank sends an SMS code (`/collect/otp`, then `/collect`).
 */
describe('payins: sandbox deposits and OTP pull collections', () => {
  let platform: E2ePlatform;
  let api: PayinsClient;

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'payinsandboxrails',
      settings: { SANDBOX_STEP_MS: '50' },
      live: true,
    });
    api = payinsClient(platform.environments.test);
  });
  afterAll(async () => platform.close());

  describe('deposits into dedicated deposit accounts', () => {
    it('credits a deposit like any payin, converted into the default payin asset', async () => {
      const owner = await api.account('deposit-owner');
      const clabe = await api.openDepositAccount(owner, 'MX', 'MXN');
      const arrived = await api.deposit(owner, clabe.deposit_account_id, {
        amount: '1700.00',
        payer: { name: 'Lucia Perez', bank: 'Banco Uno', account_number: '012180001234567891' },
      });
      expect(arrived.status).toBe(201);
      expect(arrived.body).toMatchObject({
        method: 'deposit_account',
        status: 'pending',
        country: 'MX',
        currency: 'MXN',
        local_amount: '1700.00',
        deposit_account_id: clabe.deposit_account_id,
        payer: { name: 'Lucia Perez', bank: 'Banco Uno' },
        instructions: {
          type: 'deposit_account',
          account_number: clabe.account_number,
          paid_to: 'account_number',
        },
      });

      const credited = await api.awaitSettled(owner, arrived.body.payin_id);
      expect(credited).toMatchObject({ status: 'credited', credit_asset: 'USD' });
      expect(credited.usdt_credited).toMatch(/^\d+\.\d{2}$/);
      expect(await api.movementsOf(owner, credited.payin_id, 1)).toEqual([
        { asset: 'USD', amount: credited.usdt_credited, kind: 'payin' },
      ]);
      const events = await api.eventsOf(owner, credited.payin_id, 1);
      expect(events.map((event) => event.type)).toEqual(['payin_credited']);
      expect(events[0]?.data).toMatchObject({ currency: 'MXN', local_amount: '1700.00' });

      const deposits = await api.list(owner, '?kind=deposit');
      expect(deposits.body.payins.map((payin: { payin_id: string }) => payin.payin_id)).toEqual([
        credited.payin_id,
      ]);
      const receipt = await api.receipt(owner, credited.payin_id);
      expect(credited.receipt_url).toBe(`/v1/payins/${credited.payin_id}/receipt`);
      const text = pdfText(receipt.body);
      expect(text).toContain('Transfer to deposit account · MX · MXN');
      expect(text).toContain('Lucia Perez');
      expect(text).toContain(clabe.account_number.slice(-4));
    });

    it('applies the sandbox amounts and refuses deposits it cannot match', async () => {
      const owner = await api.account('deposit-rules');
      const account = await api.openDepositAccount(owner, 'US', 'USD');
      const failing = await api.deposit(owner, account.deposit_account_id, { amount: '80.99' });
      expect(failing.status).toBe(201);
      const failed = await api.awaitSettled(owner, failing.body.payin_id);
      expect(failed).toMatchObject({
        status: 'failed',
        failure: { origin: 'provider', code: 'collection_declined' },
      });
      expect((await api.eventsOf(owner, failed.payin_id, 1)).map((event) => event.type)).toEqual([
        'payin_expired',
      ]);

      const stranger = await api.account('deposit-stranger');
      const foreign = await api.deposit(stranger, account.deposit_account_id, { amount: '5.00' });
      expect([foreign.status, foreign.body.error]).toEqual([404, 'not_found']);
      const bad_amount = await api.deposit(owner, account.deposit_account_id, { amount: '5.123' });
      expect([bad_amount.status, bad_amount.body.error]).toEqual([400, 'invalid_amount']);
      const no_alias = await api.deposit(owner, account.deposit_account_id, {
        amount: '5.00',
        to: 'bank_alias',
      });
      expect([no_alias.status, no_alias.body.error]).toEqual([400, 'invalid_request']);
      const unknown = await api.deposit(owner, account.deposit_account_id, {
        amount: '5.00',
        memo: 'x',
      });
      expect([unknown.status, unknown.body.error]).toEqual([400, 'invalid_json']);
      // None of the refused deposits left a payin behind.
      const listed = await api.list(owner, '?kind=deposit');
      expect(listed.body.payins).toHaveLength(1);
    });

    it('matches a deposit sent to an AR bank alias, credited in the default payin asset', async () => {
      const owner = await api.account('deposit-alias');
      const settlement = await api.setDefaultPayinAsset(owner, 'USDT');
      expect(settlement.status).toBe(200);
      const cvu = await api.openDepositAccount(owner, 'AR', 'ARS');
      const alias = `tienda.${Date.now().toString(36)}`;
      const set = await api.request('PUT', '/v1/payins/deposit-accounts/bank-alias', {
        token: owner.access_token,
        body: { deposit_account_id: cvu.deposit_account_id, alias },
      });
      expect(set.status).toBe(200);
      const arrived = await api.deposit(owner, cvu.deposit_account_id, {
        amount: '25000.00',
        to: 'bank_alias',
      });
      expect(arrived.status).toBe(201);
      expect(arrived.body.instructions).toMatchObject({ paid_to: 'bank_alias', bank_alias: alias });
      const credited = await api.awaitSettled(owner, arrived.body.payin_id);
      expect(credited).toMatchObject({
        status: 'credited',
        deposit_account_id: cvu.deposit_account_id,
        currency: 'ARS',
        credit_asset: 'USDT',
      });
      expect(await api.movementsOf(owner, credited.payin_id, 1)).toEqual([
        { asset: 'USDT', amount: credited.usdt_credited, kind: 'payin' },
      ]);
    });

    it('does not exist in live', async () => {
      const live = payinsClient(platform.environments.live);
      const account = await live.account('deposit-live');
      const answer = await live.deposit(account, '00000000-0000-4000-8000-000000000000', {
        amount: '5.00',
      });
      expect([answer.status, answer.body.error]).toEqual([404, 'not_found']);
    });

    it('is documented in the OpenAPI document', async () => {
      const document = (await api.request('GET', '/openapi.json')).body;
      const route = document.paths['/v1/sandbox/deposit-accounts/{id}/deposits'];
      expect(route.post.description).toContain('deposit_account');
      expect(document.paths['/v1/payins/{id}/receipt'].get.description).toContain(
        'receipt_not_available',
      );
      expect(document.paths['/v1/payins/collect/otp'].post.description).toContain(
        'debito_inmediato',
      );
    });
  });

  describe('debito_inmediato: the payer’s bank sends an SMS code', () => {
    const payer = { phone: '+584141234567', document: 'V12345678', bank_code: '0102' };
    const debit = (overrides: Record<string, unknown> = {}) => ({
      method: 'debito_inmediato',
      country: 'VE',
      currency: 'VES',
      payer,
      ...overrides,
    });

    it('is listed with its OTP route', async () => {
      const reader = await api.account('debito-methods');
      const methods = await api.request('GET', '/v1/payins/methods', {
        token: reader.access_token,
      });
      expect(methods.status).toBe(200);
      expect(methods.body.methods).toContainEqual(
        expect.objectContaining({
          method: 'debito_inmediato',
          kind: 'collect',
          otp_route: true,
          country: 'VE',
          currency: 'VES',
        }),
      );
    });

    it('collects with the code the payer received, once', async () => {
      const owner = await api.account('debito-owner');
      const collect = (body: Record<string, unknown>) =>
        api.request('POST', '/v1/payins/collect', { token: owner.access_token, body });
      const requestCode = (body: Record<string, unknown>) =>
        api.request('POST', '/v1/payins/collect/otp', { token: owner.access_token, body });

      const unasked = await collect(debit({ amount: '350.00', otp: '482913' }));
      expect([unasked.status, unasked.body.error]).toEqual([422, 'collect_otp_failed']);

      const sent = await requestCode(debit({ amount: '350.00' }));
      expect(sent.status).toBe(201);
      expect(sent.body).toMatchObject({
        otp_sent: true,
        channel: 'sms',
        method: 'debito_inmediato',
        payer_phone: expect.stringMatching(/4567$/),
      });
      expect(sent.body.payer_phone).not.toContain('41412');

      const refused = await collect(debit({ amount: '350.00', otp: '999999' }));
      expect([refused.status, refused.body.error]).toEqual([422, 'collect_otp_failed']);
      const rejected = await collect(
        debit({ amount: '350.00', otp: '482913', payer: { ...payer, document: 'REJECT' } }),
      );
      expect([rejected.status, rejected.body.error]).toEqual([422, 'collect_rejected']);

      const collected = await collect(debit({ amount: '350.00', otp: '482913' }));
      expect(collected.status).toBe(201);
      expect(collected.body).toMatchObject({ method: 'debito_inmediato', status: 'pending' });
      expect((await api.awaitSettled(owner, collected.body.payin_id)).status).toBe('credited');

      const reused = await collect(debit({ amount: '350.00', otp: '482913' }));
      expect([reused.status, reused.body.error]).toEqual([422, 'collect_otp_failed']);

      const no_code = await requestCode(debit({ payer: { ...payer, document: 'REJECT' } }));
      expect([no_code.status, no_code.body.error]).toEqual([422, 'collect_rejected']);
      const c2p = await requestCode({ ...debit(), method: 'c2p' });
      expect([c2p.status, c2p.body.error]).toEqual([400, 'invalid_request']);

      const collections = await api.list(owner, '?kind=collect');
      expect(collections.body.payins).toHaveLength(1);
    });

    it('pays a checkout link on its public collect routes', async () => {
      const owner = await api.account('debito-checkout');
      const { created: link, path } = await api.checkoutLink(owner, {
        amount: '10.00',
        settlement_asset: 'USD',
      });

      const unasked = await api.request('POST', `${path}/collect`, {
        body: debit({ otp: '730015' }),
      });
      expect([unasked.status, unasked.body.error]).toEqual([422, 'collect_otp_failed']);
      const rejected_code = await api.request('POST', `${path}/collect/otp`, {
        body: debit({ payer: { ...payer, document: 'REJECT' } }),
      });
      expect([rejected_code.status, rejected_code.body.error]).toEqual([422, 'collect_rejected']);

      const sent = await api.request('POST', `${path}/collect/otp`, { body: debit() });
      expect(sent.status).toBe(201);
      expect(sent.body.otp_sent).toBe(true);
      const refused = await api.request('POST', `${path}/collect`, {
        body: debit({ otp: '999999' }),
      });
      expect([refused.status, refused.body.error]).toEqual([422, 'collect_otp_failed']);
      const rejected = await api.request('POST', `${path}/collect`, {
        body: debit({ otp: '730015', payer: { ...payer, document: 'REJECT' } }),
      });
      expect([rejected.status, rejected.body.error]).toEqual([422, 'collect_rejected']);

      const paid = await api.request('POST', `${path}/collect`, {
        body: debit({ otp: '730015' }),
      });
      expect(paid.status).toBe(201);
      expect(paid.body.payin).toMatchObject({ method: 'debito_inmediato', currency: 'VES' });
      const state = await api.awaitLinkClosed(path);
      expect(state.status).toBe('paid');
      const credited = await api.awaitSettled(owner, link.body.payin_id);
      expect(credited).toMatchObject({ status: 'credited', usdt_credited: '10.00' });
    });
  });
});
