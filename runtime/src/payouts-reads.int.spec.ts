import { encodePixQr } from '@platform/svc-payouts';
import { PayoutsTestClient, pix, type Account, type PayoutBody } from './payouts-test-client';
import { startTestPlatform, type TestPlatform } from './test-platform';

interface OpenApiSchema {
  type?: string;
  enum?: string[];
  required?: string[];
  properties?: Record<string, OpenApiSchema>;
  items?: OpenApiSchema;
}

/** Reads of payouts (listing, filters, exports, receipts) and QR payouts, over HTTP. */
describe('payouts: reads, receipts and QR payouts', () => {
  let platform: TestPlatform;
  let client: PayoutsTestClient;
  let owner: Account;
  let other: Account;
  let completed: PayoutBody;
  let key_counter = 0;
  const newKey = () => `reads-${Date.now()}-${++key_counter}`;

  beforeAll(async () => {
    platform = await startTestPlatform('payoutreads', { SANDBOX_STEP_MS: '40' });
    client = new PayoutsTestClient(platform);
    owner = await client.register();
    other = await client.register();
    await client.fund(owner.account_id, 'USD', '1000.00');
    await client.fund(owner.account_id, 'USDT', '100.000000');
    const created = await client.post(
      '/v1/payouts',
      pix('108.00', {
        idempotency_key: newKey(),
        beneficiary: { name: 'Beatriz Souza', account_number: '+5511988887777' },
      }),
      owner.headers,
    );
    const { payout_id } = (await created.json()) as PayoutBody;
    completed = await client.awaitPayout(owner, payout_id, (p) => p.status === 'completed');
    const ar = {
      country: 'AR',
      currency: 'ARS',
      method: 'bank_transfer',
      amount: '5000.00',
      idempotency_key: newKey(),
      beneficiary: {
        name: 'Juan Perez',
        tax_id: '20123456789',
        account_number: '0110599520000001234567',
      },
    };
    expect((await client.post('/v1/payouts', ar, owner.headers)).status).toBe(202);
  });
  afterAll(async () => platform.dispose());

  const list = async (query: string, account = owner) => {
    const response = await client.get(`/v1/payouts${query}`, account.headers);
    expect(response.status).toBe(200);
    return (await response.json()) as { page: number; page_size: number; payouts: PayoutBody[] };
  };

  it('answers a payout to its account and 404 to another', async () => {
    const mine = await client.get(`/v1/payouts/${completed.payout_id}`, owner.headers);
    expect(mine.status).toBe(200);
    const body = (await mine.json()) as PayoutBody & { beneficiary: { account_number: string } };
    expect(body.beneficiary.account_number).toMatch(/7777$/);
    expect(body.beneficiary.account_number).not.toContain('98888');
    const theirs = await client.get(`/v1/payouts/${completed.payout_id}`, other.headers);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ error: 'not_found', message: expect.any(String) });
    expect((await client.get('/v1/payouts/not-a-uuid', owner.headers)).status).toBe(404);
  });

  it('lists newest first with the D7 page defaults and filters', async () => {
    const all = await list('');
    expect(all).toMatchObject({ page: 1, page_size: 20 });
    expect(all.payouts.map((p) => p.country)).toEqual(['AR', 'BR']);
    expect((await list('?page_size=500')).page_size).toBe(100);
    expect((await list('?country=BR')).payouts.map((p) => p.payout_id)).toEqual([
      completed.payout_id,
    ]);
    expect((await list('?method=bank_transfer')).payouts.map((p) => p.country)).toEqual(['AR']);
    expect((await list('?status=completed')).payouts.map((p) => p.payout_id)).toContain(
      completed.payout_id,
    );
    expect((await list('?search=beatriz')).payouts).toHaveLength(1);
    expect((await list('?search=nobody')).payouts).toHaveLength(0);
    expect((await list('', other)).payouts).toHaveLength(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
      new Date(),
    );
    expect((await list(`?from=${today}&to=${today}`)).payouts).toHaveLength(2);
    expect((await list('?to=2020-01-01')).payouts).toHaveLength(0);
    expect((await client.get('/v1/payouts?status=lost', owner.headers)).status).toBe(400);
  });

  it('exports CSV and XLSX', async () => {
    const csv = await client.get('/v1/payouts?format=csv', owner.headers);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text).toContain('Payout ID');
    expect(text).toContain(completed.payout_id);
    expect(text).toContain('108.00');
    const xlsx = await client.get('/v1/payouts?format=xlsx', owner.headers);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('renders a localized PDF receipt', async () => {
    const receipt = async (query: string) => {
      const response = await client.get(
        `/v1/payouts/${completed.payout_id}/receipt${query}`,
        owner.headers,
      );
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        body: Buffer.from(await response.arrayBuffer()),
      };
    };
    const en = await receipt('');
    expect(en.status).toBe(200);
    expect(en.type).toBe('application/pdf');
    expect(en.body.subarray(0, 5).toString()).toBe('%PDF-');
    const es = await receipt('?lang=es');
    expect(es.status).toBe(200);
    expect(es.body.equals(en.body)).toBe(false);
    const bad = await client.get(
      `/v1/payouts/${completed.payout_id}/receipt?lang=fr`,
      owner.headers,
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'invalid_language' });
    expect(
      (await client.get(`/v1/payouts/${completed.payout_id}/receipt`, other.headers)).status,
    ).toBe(404);
  });

  it('documents the payout routes in the OpenAPI document', async () => {
    const response = await client.get('/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    for (const path of [
      '/v1/payouts',
      '/v1/payouts/{id}',
      '/v1/payouts/{id}/receipt',
      '/v1/payouts/documents',
      '/v1/payouts/qr/scan',
      '/v1/payouts/qr/confirm',
    ]) {
      expect(document.paths[path]).toBeDefined();
    }
    expect(document.paths['/v1/payouts/qr/scan']?.post?.description).toContain('CRC16');
    expect(JSON.stringify(document.paths)).not.toContain('/admin/v1/payouts');
  });

  it('documents what the payout routes answer, with the status each answers', async () => {
    const document = (await (await client.get('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const schemaOf = (route: string, method: string, status: string) => {
      const response = document.paths[route]?.[method]?.responses[status] as
        { content: { 'application/json': { schema: OpenApiSchema } } } | undefined;
      return response?.content['application/json'].schema;
    };
    const created = schemaOf('/v1/payouts', 'post', '202');
    expect(created?.properties?.total_debit).toMatchObject({ type: 'string' });
    expect(created?.properties?.status_code?.enum).toEqual(
      expect.arrayContaining(['compliance_pending', 'core_unreachable', 'rail_rejected']),
    );
    expect(created?.required).toEqual(expect.arrayContaining(['payout_id', 'status_code']));
    expect(schemaOf('/v1/payouts/qr/confirm', 'post', '202')).toEqual(created);
    expect(schemaOf('/v1/payouts/{id}', 'get', '200')).toEqual(created);
    expect(schemaOf('/v1/payouts', 'get', '200')?.properties?.payouts?.items).toEqual(created);
    expect(schemaOf('/v1/payouts/documents', 'post', '201')?.required).toEqual(
      expect.arrayContaining(['document_id', 'size_bytes']),
    );
    expect(schemaOf('/v1/payouts/qr/scan', 'post', '200')?.properties).toHaveProperty(
      'amount_required',
    );
  });

  describe('QR payouts', () => {
    const open_qr = encodePixQr({
      pix_key: 'loja@example.com',
      beneficiary_name: 'Loja Azul',
      city: 'SAO PAULO',
      reference: 'PED123',
    });
    const fixed_qr = encodePixQr({
      pix_key: 'cafe@example.com',
      beneficiary_name: 'Cafe Bom',
      city: 'RIO',
      amount: '27.00',
    });

    it('decodes a pix QR without any debit', async () => {
      const before = await client.balance(owner, 'USD');
      const response = await client.post(
        '/v1/payouts/qr/scan',
        { qr_payload: fixed_qr },
        owner.headers,
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        country: 'BR',
        currency: 'BRL',
        method: 'pix',
        amount: '27.00',
        amount_required: false,
        beneficiary: { name: 'Cafe Bom' },
      });
      expect(await client.balance(owner, 'USD')).toBe(before);
    });

    it.each([['garbage'], [open_qr.slice(0, -1) + '0'], [open_qr.replace('986', '840')]])(
      'answers 400 invalid_qr_payload for %s',
      async (qr_payload) => {
        const response = await client.post('/v1/payouts/qr/scan', { qr_payload }, owner.headers);
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ error: 'invalid_qr_payload' });
      },
    );

    it('pays a QR idempotently and needs the amount for BR/BRL', async () => {
      const idempotency_key = newKey();
      const missing = await client.post(
        '/v1/payouts/qr/confirm',
        { qr_payload: open_qr, idempotency_key },
        owner.headers,
      );
      expect(missing.status).toBe(400);
      expect(await missing.json()).toMatchObject({ error: 'invalid_amount' });
      const body = {
        qr_payload: open_qr,
        amount: '54.00',
        idempotency_key,
        settlement_asset: 'USDT',
      };
      const first = await client.post('/v1/payouts/qr/confirm', body, owner.headers);
      expect(first.status).toBe(202);
      const payout = (await first.json()) as PayoutBody;
      expect(payout).toMatchObject({
        status: 'processing',
        settlement_asset: 'USDT',
        total_debit: '10.000000',
        source: 'qr',
      });
      const replay = await client.post(
        '/v1/payouts/qr/confirm',
        { ...body, amount: '54.0' },
        owner.headers,
      );
      expect(replay.status).toBe(202);
      expect(await replay.json()).toEqual(payout);
      const wrong = await client.post(
        '/v1/payouts/qr/confirm',
        { qr_payload: fixed_qr, amount: '20.00', idempotency_key: newKey() },
        owner.headers,
      );
      expect(await wrong.json()).toMatchObject({ error: 'invalid_amount' });
    });
  });
});
