import { startPlatform, type E2ePlatform } from '../harness';
import { cardPayin, pdfText, payinsClient, type PayinsClient, type TestAccount } from '../clients';

/** Payin receipts (`GET /v1/payins/{id}/receipt`, `receipt_url`) and the `instrument` object. */
describe('payins: receipts and instruments', () => {
  let platform: E2ePlatform;
  let api: PayinsClient;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'payinreceipts', settings: { SANDBOX_STEP_MS: '50' } });
    api = payinsClient(platform.environments.test);
  });
  afterAll(async () => platform.close());

  /** A card payin paid on its hosted page. */
  async function paidCard(account: TestAccount, body: Record<string, unknown>) {
    const created = await api.create(account, cardPayin(body));
    expect(created.status).toBe(201);
    expect((await api.submitCardPage(created.body.payment_url)).status).toBe(200);
    return api.awaitSettled(account, created.body.payin_id);
  }

  it('renders the receipt of a credited payin in the caller’s language', async () => {
    const owner = await api.account('receipt-owner');
    const created = await api.create(owner, {
      method: 'bank_transfer',
      country: 'US',
      currency: 'USD',
      amount: '125.50',
      idempotency_key: 'inv-2041',
      customer: { name: 'Grace Payer', email: 'grace@example.com' },
    });
    expect(created.status).toBe(201);
    const payin = await api.awaitSettled(owner, created.body.payin_id);
    expect(payin.status).toBe('credited');
    expect(payin.receipt_url).toBe(`/v1/payins/${payin.payin_id}/receipt`);

    const en = await api.receipt(owner, payin.payin_id);
    expect(en.status).toBe(200);
    expect(en.type).toBe('application/pdf');
    expect(en.body.subarray(0, 5).toString()).toBe('%PDF-');
    const english = pdfText(en.body);
    for (const expected of [
      'Payment receipt',
      'Payment received',
      payin.payin_id,
      payin.reference,
      'Received by',
      'Payins Test Co',
      'Grace Payer',
      'Bank transfer · US · USD',
      '125.50 USD',
      'Amount credited',
      'inv-2041',
    ])
      expect(english).toContain(expected);

    const spanish = pdfText((await api.receipt(owner, payin.payin_id, '?lang=es')).body);
    expect(spanish).toContain('Comprobante de pago recibido');
    expect(spanish).toContain('Monto recibido');
    expect(spanish).toContain('Transferencia bancaria · US · USD');
    // `?locale=` when there is no `?lang=`.
    expect(pdfText((await api.receipt(owner, payin.payin_id, '?locale=es')).body)).toContain(
      'Pago recibido',
    );
    // Without a valid query the account profile's language decides, before Accept-Language.
    const profile = await api.request('PATCH', '/v1/me', {
      token: owner.access_token,
      body: { locale: 'es' },
    });
    expect(profile.status).toBe(200);
    const from_profile = await api.receipt(owner, payin.payin_id, '?locale=fr', 'en-US');
    expect(pdfText(from_profile.body)).toContain('Pago recibido');
    // `?lang=` wins over the profile.
    const lang_first = await api.receipt(owner, payin.payin_id, '?lang=en');
    expect(pdfText(lang_first.body)).toContain('Payment received');

    const chinese = await api.receipt(owner, payin.payin_id, '?lang=zh');
    expect(chinese.status).toBe(200);
    expect(chinese.body.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans/);
    expect(chinese.body.toString('latin1')).not.toContain('/Helvetica');

    const bad = await api.request('GET', `/v1/payins/${payin.payin_id}/receipt?lang=fr`, {
      token: owner.access_token,
    });
    expect([bad.status, bad.body.error]).toEqual([400, 'invalid_language']);

    const stranger = await api.account('receipt-stranger');
    const foreign = await api.request('GET', `/v1/payins/${payin.payin_id}/receipt`, {
      token: stranger.access_token,
    });
    expect([foreign.status, foreign.body.error]).toEqual([404, 'not_found']);
  });

  it('answers receipt_not_available for a payin that was not credited', async () => {
    const owner = await api.account('receipt-pending');
    const never_paid = await api.create(owner, {
      method: 'bank_transfer',
      country: 'US',
      currency: 'USD',
      amount: '30.77',
    });
    const failed = await api.create(owner, {
      method: 'bank_transfer',
      country: 'US',
      currency: 'USD',
      amount: '30.99',
    });
    expect((await api.awaitSettled(owner, failed.body.payin_id)).status).toBe('failed');
    for (const payin_id of [never_paid.body.payin_id, failed.body.payin_id]) {
      const answer = await api.request('GET', `/v1/payins/${payin_id}/receipt`, {
        token: owner.access_token,
      });
      expect([answer.status, answer.body.error]).toEqual([409, 'receipt_not_available']);
      expect(answer.body.message).toEqual(expect.any(String));
      expect((await api.get(owner, payin_id)).receipt_url).toBeNull();
    }
  });

  it('puts the receipt in payin_settlement_scheduled and on the scheduled card payin', async () => {
    const owner = await api.account('receipt-scheduled');
    const payin = await paidCard(owner, { amount: '40.00', settlement_hours: 24 });
    expect(payin).toMatchObject({ status: 'credited', settlement_pending: true });
    const receipt_url = `/v1/payins/${payin.payin_id}/receipt`;
    expect(payin.receipt_url).toBe(receipt_url);

    const events = await api.eventsOf(owner, payin.payin_id, 1);
    expect(events[0]).toMatchObject({
      type: 'payin_settlement_scheduled',
      data: { receipt_url },
    });
    const published = await api.eventually(
      async () =>
        (
          await api.request('GET', '/v1/events?types=payin_settlement_scheduled', {
            token: owner.access_token,
            headers: { accept: 'application/json' },
          })
        ).body.events as { type: string; data: Record<string, unknown> }[],
      (listed) => listed?.length > 0,
    );
    expect(published[0]?.data).toMatchObject({ payin_id: payin.payin_id, receipt_url });

    const text = pdfText((await api.receipt(owner, payin.payin_id)).body);
    expect(text).toContain('Payment received · settlement scheduled');
    expect(text).toContain(`scheduled for ${payin.settle_at.slice(0, 10)}`);
    expect(text).toContain('Ada Payer');
  });

  it('shows the stored card as `instrument` in the view, the listing and the export', async () => {
    const owner = await api.account('instrument-owner');
    const saving = await paidCard(owner, { save_card: true });
    const instrument = {
      type: 'card',
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: expect.any(Number),
    };
    expect(saving.instrument).toEqual(instrument);

    const charged = await api.create(owner, {
      method: 'card',
      country: 'US',
      currency: 'USD',
      amount: '61.00',
      instrument_id: saving.instrument_id,
    });
    expect(charged.status).toBe(201);
    expect(charged.body.instrument).toEqual(instrument);
    const credited = await api.awaitSettled(owner, charged.body.payin_id);
    expect(credited).toMatchObject({ status: 'credited', instrument_id: saving.instrument_id });
    expect(credited.instrument).toEqual({ ...instrument, exp_year: saving.instrument.exp_year });

    const plain = await api.create(owner, {
      method: 'bank_transfer',
      country: 'US',
      currency: 'USD',
      amount: '5.00',
    });
    expect(plain.body.instrument).toBeNull();

    const listed = await api.list(owner, '?method=card');
    expect(listed.status).toBe(200);
    expect(
      (listed.body.payins as { payin_id: string; instrument: unknown }[]).map((payin) => [
        payin.payin_id,
        payin.instrument,
      ]),
    ).toEqual([
      [charged.body.payin_id, credited.instrument],
      [saving.payin_id, credited.instrument],
    ]);

    const csv = await api.list(owner, '?format=csv');
    expect(csv.status).toBe(200);
    const [header, ...rows] = csv.text.trim().split(/\r?\n/);
    expect(header).toContain('Instrument ID,Instrument');
    const described = `card visa 4242 12/${saving.instrument.exp_year}`;
    const row_of = (payin_id: string) => rows.find((row) => row.startsWith(payin_id)) ?? '';
    expect(row_of(charged.body.payin_id)).toContain(`${saving.instrument_id},${described}`);
    expect(row_of(plain.body.payin_id)).not.toContain('card visa');

    const text = pdfText((await api.receipt(owner, charged.body.payin_id)).body);
    expect(text).toContain('Card');
    expect(text).toContain('visa');
    expect(text).toContain('4242');
  });
});
