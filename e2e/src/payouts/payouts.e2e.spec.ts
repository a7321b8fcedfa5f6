import {
  expectError,
  payinsClient,
  payoutsClient,
  pix,
  shifted,
  type PayinBody,
  type PayoutBody,
  type PayoutsClient,
  type TestAccount,
} from '../clients';
import { startPlatform, type E2ePlatform } from '../harness';

/** POST /v1/payouts: idempotency, corridors and money, over HTTP on either runtime. */
describe('payouts: create, idempotency, corridors and money', () => {
  let platform: E2ePlatform;
  let payouts: PayoutsClient;
  let owner: TestAccount;
  let key_counter = 0;
  const newKey = () => `key-${Date.now()}-${++key_counter}`;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'payouts', settings: { SANDBOX_STEP_MS: '40' } });
    payouts = payoutsClient(platform.environments.test);
    // The demo history (D5) funds USD; MXN comes from a payin kept in the local fiat ledger.
    owner = await payouts.register();
    await fundMxn(owner, '1000.00');
  });
  afterAll(async () => platform.close());

  /** A MX bank transfer payin that stays in MXN (`fiat_hold_local`), once credited. */
  const fundMxn = async (account: TestAccount, amount: string) => {
    const payins = payinsClient(platform.environments.test);
    const created = await payins.request<PayinBody>('POST', '/v1/payins', {
      token: account.access_token,
      body: {
        method: 'bank_transfer',
        country: 'MX',
        currency: 'MXN',
        amount,
        fiat_hold_local: true,
      },
    });
    if (created.status !== 201) throw new Error(`MXN payin: ${created.text}`);
    const settled = await payins.awaitSettled(account, created.body.payin_id);
    if (settled.status !== 'credited' || settled.credit_asset !== 'MXN')
      throw new Error(`MXN payin ${settled.status} in ${settled.credit_asset}`);
  };

  const create = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    payouts.request('POST', '/v1/payouts', { headers: { ...owner.headers, ...headers }, body });

  /** `GET` of a payouts route as `account`. */
  const read = (route: string, account: TestAccount = owner) =>
    payouts.request('GET', route, { headers: account.headers });

  /** `POST` of a payouts route as `account`. */
  const post = (route: string, body: unknown, account: TestAccount = owner) =>
    payouts.request('POST', route, { headers: account.headers, body });

  describe('idempotency key', () => {
    it.each([
      ['idempotency_key_required', undefined],
      ['invalid_idempotency_key', 'k'.repeat(257)],
      ['invalid_idempotency_key', 'line\nbreak'],
      ['invalid_idempotency_key', 'carriage\rreturn'],
      ['reserved_idempotency_key', 'payin-convert:abc'],
      ['reserved_idempotency_key', 'checkout-swap:abc'],
    ])('answers 400 %s', async (error, idempotency_key) => {
      await expectError(await create(pix('10.00', { idempotency_key })), 400, error);
    });

    it('accepts a key of exactly 256 characters', async () => {
      expect((await create(pix('10.00', { idempotency_key: 'k'.repeat(256) }))).status).toBe(202);
    });

    it('replays an equivalent payload with the original status and body, and refuses another', async () => {
      const idempotency_key = newKey();
      const first = await create(pix('50.0', { idempotency_key }));
      expect(first.status).toBe(202);
      const original = (await first.json()) as PayoutBody;
      const replay = await create(pix('50.00', { idempotency_key }));
      expect(replay.status).toBe(202);
      expect(await replay.json()).toEqual(original);
      await expectError(
        await create(pix('51.00', { idempotency_key })),
        409,
        'idempotency_conflict',
      );
    });

    it('takes the Idempotency-Key header, and the body key over it', async () => {
      const header_key = newKey();
      const by_header = await create(pix('12.00'), { 'idempotency-key': header_key });
      expect(by_header.status).toBe(202);
      expect(((await by_header.json()) as PayoutBody).idempotency_key).toBe(header_key);
      const body_key = newKey();
      const both = await create(pix('12.00', { idempotency_key: body_key }), {
        'idempotency-key': header_key,
      });
      expect(((await both.json()) as PayoutBody).idempotency_key).toBe(body_key);
    });

    it('creates exactly one payout for concurrent duplicates', async () => {
      const idempotency_key = newKey();
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => create(pix('7.00', { idempotency_key }))),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(6).fill(202));
      const bodies = (await Promise.all(responses.map((r) => r.json()))) as PayoutBody[];
      expect(new Set(bodies.map((body) => body.payout_id)).size).toBe(1);
      const listed = (await (await read(`/v1/payouts?search=${idempotency_key}`)).json()) as {
        payouts: PayoutBody[];
      };
      expect(listed.payouts).toHaveLength(1);
    });
  });

  describe('corridors', () => {
    const ar = (
      overrides: Record<string, unknown> = {},
      beneficiary: Record<string, unknown> = {},
    ) => ({
      country: 'AR',
      currency: 'ARS',
      method: 'bank_transfer',
      amount: '10000.00',
      idempotency_key: newKey(),
      beneficiary: {
        name: 'Juan Perez',
        tax_id: '20-12345678-9',
        account_number: '0110599520000001234567',
        ...beneficiary,
      },
      ...overrides,
    });
    const us = (method: string, overrides: Record<string, unknown> = {}) => ({
      country: 'US',
      currency: 'USD',
      method,
      amount: '25.00',
      idempotency_key: newKey(),
      purpose: 'services',
      beneficiary: { name: 'Acme LLC', account_number: '123456789', bank_code: '021000021' },
      ...overrides,
    });

    it.each([
      ['beneficiary_required', { beneficiary: undefined }, {}],
      ['beneficiary_required', {}, { tax_id: '' }],
      ['invalid_cuit', {}, { tax_id: '2012345678' }],
      ['invalid_cbu', {}, { account_number: '011059952000000123456' }],
      [
        'invalid_cbu',
        { currency: 'USD', amount: '10.00' },
        { account_number: '0000003100000001234567' },
      ],
      ['invalid_amount', { amount: '10.001' }, {}],
      ['invalid_amount', { amount: 10 }, {}],
      ['invalid_amount', { amount: '1e3' }, {}],
      ['invalid_amount', { amount: '0' }, {}],
    ])('AR answers 400 %s for %j %j', async (error, overrides, beneficiary) => {
      await expectError(await create(ar(overrides, beneficiary)), 400, error);
    });

    it('pays AR/ARS to a CVU and AR/USD to a CBU', async () => {
      expect((await create(ar({}, { account_number: '0000003100000001234567' }))).status).toBe(202);
      expect((await create(ar({ currency: 'USD', amount: '10.00' }))).status).toBe(202);
    });

    it('takes whole CLP amounts only, before any debit', async () => {
      const clp = {
        country: 'CL',
        currency: 'CLP',
        method: 'bank_transfer',
        beneficiary: {
          name: 'Rosa',
          tax_id: '12345678-5',
          account_number: '12345678',
          bank_code: '012',
        },
      };
      await expectError(
        await create({ ...clp, amount: '1000.50', idempotency_key: newKey() }),
        400,
        'invalid_amount',
      );
      const ok = await create({ ...clp, amount: '9300', idempotency_key: newKey() });
      expect(ok.status).toBe(202);
      expect(await ok.json()).toMatchObject({ local_amount: '9300', total_debit: '10.00' });
    });

    it('checks EU IBANs with mod-97', async () => {
      const sepa = (account_number: string) => ({
        country: 'EU',
        currency: 'EUR',
        method: 'sepa',
        amount: '9.20',
        idempotency_key: newKey(),
        beneficiary: { name: 'Jean Dupont', account_number },
      });
      await expectError(await create(sepa('DE89370400440532013001')), 400, 'invalid_iban');
      const ok = await create(sepa('DE89 3704 0044 0532 0130 00'));
      expect(ok.status).toBe(202);
      expect(await ok.json()).toMatchObject({ total_debit: '10.00' });
    });

    it('answers 422 country_unavailable and method_unavailable outside the catalog', async () => {
      await expectError(
        await create(pix('10.00', { country: 'FR', idempotency_key: newKey() })),
        422,
        'country_unavailable',
      );
      await expectError(
        await create(pix('10.00', { method: 'spei', idempotency_key: newKey() })),
        422,
        'method_unavailable',
      );
    });

    it('needs a purpose, a document and (wire) an account type for US/USD', async () => {
      await expectError(await create(us('ach', { purpose: undefined })), 400, 'invalid_purpose');
      await expectError(await create(us('ach', { purpose: 'gifts' })), 400, 'invalid_purpose');
      await expectError(await create(us('ach', { purpose: 'other' })), 400, 'invalid_purpose');
      await expectError(
        await create(us('ach', { purpose_detail: 'consulting' })),
        400,
        'invalid_purpose',
      );
      await expectError(await create(us('ach')), 400, 'invalid_request');
      const upload = await post('/v1/payouts/documents', {
        filename: 'invoice.pdf',
        content_type: 'application/pdf',
        content_base64: Buffer.from('%PDF-1.4 invoice').toString('base64'),
      });
      expect(upload.status).toBe(201);
      const { document_id } = (await upload.json()) as { document_id: string };
      await expectError(await create(us('wire', { document_id })), 400, 'beneficiary_required');
      const wire = await create(
        us('wire', {
          document_id,
          purpose: 'other',
          purpose_detail: 'consulting retainer',
          beneficiary: {
            name: 'Acme LLC',
            account_number: '123456789',
            bank_code: '021000021',
            account_type: 'checking',
          },
        }),
      );
      expect(wire.status).toBe(202);
      expect((await create(us('ach', { document_id }))).status).toBe(202);
      const stranger = await payouts.register();
      const foreign = await post('/v1/payouts', us('ach', { document_id }), stranger);
      await expectError(foreign, 400, 'invalid_request');
    });

    it('refuses documents of unsupported types and empty files', async () => {
      const upload = (content_type: string, content_base64: string) =>
        post('/v1/payouts/documents', { filename: 'f', content_type, content_base64 });
      await expectError(await upload('application/zip', 'UEs='), 400, 'unsupported_document_type');
      await expectError(await upload('application/pdf', ''), 400, 'empty_file');
    });
  });

  describe('money', () => {
    it('debits the settlement asset at the rate table and completes', async () => {
      const payer = await payouts.register();
      const base = await payouts.balance(payer);
      const response = await post(
        '/v1/payouts',
        pix('54.00', { idempotency_key: newKey() }),
        payer,
      );
      expect(response.status).toBe(202);
      const payout = (await response.json()) as PayoutBody;
      expect(payout).toMatchObject({
        status: 'processing',
        status_code: 'rail_submitted',
        total_debit: '10.00',
        usdt_amount: '10.000000',
        settlement_asset: 'USD',
        rate: '5.4',
        rate_source: 'spot',
        funds_debited: true,
      });
      const done = await payouts.awaitPayout(
        payer,
        payout.payout_id,
        (p) => p.status !== 'processing',
      );
      expect(done).toMatchObject({ status: 'completed', funds_debited: true });
      expect(done.bank_reference).not.toBe('');
      expect(done.receipt_url).toBe(`/v1/payouts/${payout.payout_id}/receipt`);
      expect(await payouts.awaitBalance(payer, shifted(base, '-10'))).toBe(shifted(base, '-10'));
    });

    it('pays MXN from the MXN balance at rate 1 and refuses cross-fiat settlement', async () => {
      const spei = {
        country: 'MX',
        currency: 'MXN',
        method: 'spei',
        amount: '100.00',
        settlement_asset: 'MXN',
        beneficiary: { name: 'Luis', account_number: '002010077777777771' },
      };
      const ok = await create({ ...spei, idempotency_key: newKey() });
      expect(ok.status).toBe(202);
      expect(await ok.json()).toMatchObject({
        total_debit: '100.00',
        rate: '1',
        settlement_asset: 'MXN',
      });
      await expectError(
        await create(pix('10.00', { settlement_asset: 'MXN', idempotency_key: newKey() })),
        422,
        'pricing_unavailable',
      );
      await expectError(
        await create(pix('10.00', { settlement_asset: 'EUR', idempotency_key: newKey() })),
        400,
        'invalid_settlement_asset',
      );
    });

    it('answers 402 insufficient_funds, creates nothing and frees the key', async () => {
      const idempotency_key = newKey();
      await expectError(
        await create(pix('99999999.00', { idempotency_key })),
        402,
        'insufficient_funds',
      );
      const listed = (await (await read(`/v1/payouts?search=${idempotency_key}`)).json()) as {
        payouts: unknown[];
      };
      expect(listed.payouts).toHaveLength(0);
      expect((await create(pix('10.00', { idempotency_key }))).status).toBe(202);
    });
  });
});
