import {
  payoutsClient,
  inlineSchemaRefs,
  pix,
  recentDay,
  type PayoutBody,
  type PayoutsClient,
  type TestAccount,
} from '../clients';
import { startPlatform, type E2ePlatform } from '../harness';

interface OpenApiSchema {
  type?: string;
  enum?: string[];
  required?: string[];
  properties?: Record<string, OpenApiSchema>;
  items?: OpenApiSchema;
}

/** Reads of payouts (listing, filters, exports, receipts) and QR payouts, over HTTP. */
describe('payouts: reads, receipts and QR payouts', () => {
  let platform: E2ePlatform;
  let payouts: PayoutsClient;
  let owner: TestAccount;
  let other: TestAccount;
  let completed: PayoutBody;
  let key_counter = 0;
  const newKey = () => `reads-${Date.now()}-${++key_counter}`;

  /** `GET` of a route as `account` (anonymous without one). */
  const read = (route: string, account?: TestAccount) =>
    payouts.request('GET', route, { headers: account?.headers });

  /** `POST` of a payouts route as the owner. */
  const post = (route: string, body: unknown) =>
    payouts.request('POST', route, { headers: owner.headers, body });

  beforeAll(async () => {
    platform = await startPlatform({ label: 'payoutreads', settings: { SANDBOX_STEP_MS: '40' } });
    payouts = payoutsClient(platform.environments.test);
    // The demo history (D5) funds both: 10,100 USD and 1,100 USDT, far more than spent here.
    owner = await payouts.register();
    other = await payouts.register();
    const created = await post(
      '/v1/payouts',
      pix('108.00', {
        idempotency_key: newKey(),
        beneficiary: { name: 'Beatriz Souza', account_number: '+5511988887777' },
      }),
    );
    const { payout_id } = (await created.json()) as PayoutBody;
    completed = await payouts.awaitPayout(owner, payout_id, (p) => p.status === 'completed');
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
    expect((await post('/v1/payouts', ar)).status).toBe(202);
  });
  afterAll(async () => platform.close());

  const list = async (query: string, account = owner) => {
    const response = await read(`/v1/payouts${query}`, account);
    expect(response.status).toBe(200);
    return (await response.json()) as { page: number; page_size: number; payouts: PayoutBody[] };
  };

  it('answers a payout to its account and 404 to another', async () => {
    const mine = await read(`/v1/payouts/${completed.payout_id}`, owner);
    expect(mine.status).toBe(200);
    const body = (await mine.json()) as PayoutBody & { beneficiary: { account_number: string } };
    expect(body.beneficiary.account_number).toMatch(/7777$/);
    expect(body.beneficiary.account_number).not.toContain('98888');
    const theirs = await read(`/v1/payouts/${completed.payout_id}`, other);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({
      error: 'not_found',
      message: expect.any(String),
      request_id: expect.any(String),
    });
    expect((await read('/v1/payouts/not-a-uuid', owner)).status).toBe(404);
  });

  it('lists newest first with the D7 page defaults and filters', async () => {
    expect(await list('')).toMatchObject({ page: 1, page_size: 20 });
    // Newer than the demo history the account started with.
    const recent = await list(`?from=${recentDay()}`);
    expect(recent.payouts.map((p) => p.country)).toEqual(['AR', 'BR']);
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
    expect((await list(`?from=${recentDay()}`, other)).payouts).toHaveLength(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
      new Date(),
    );
    expect((await list(`?from=${today}&to=${today}`)).payouts).toHaveLength(2);
    expect((await list('?to=2020-01-01')).payouts).toHaveLength(0);
    expect((await read('/v1/payouts?status=lost', owner)).status).toBe(400);
  });

  it('exports CSV and XLSX', async () => {
    const csv = await read('/v1/payouts?format=csv', owner);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text).toContain('Payout ID');
    expect(text).toContain(completed.payout_id);
    expect(text).toContain('108.00');
    const xlsx = await read('/v1/payouts?format=xlsx', owner);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('renders a localized PDF receipt', async () => {
    const receipt = async (query: string) => {
      const response = await read(`/v1/payouts/${completed.payout_id}/receipt${query}`, owner);
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
    const bad = await read(`/v1/payouts/${completed.payout_id}/receipt?lang=fr`, owner);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'invalid_language' });
    expect((await read(`/v1/payouts/${completed.payout_id}/receipt`, other)).status).toBe(404);
  });

  it('documents the payout routes in the OpenAPI document', async () => {
    const response = await read('/openapi.json');
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
    const document = inlineSchemaRefs(
      (await (await read('/openapi.json')).json()) as {
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      },
    );
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
    // Pix BR Codes as a payer's app scans them, in the sandbox's format (services/payouts
    // emv-qr.ts, which a black-box suite does not import). Open amount: to loja@example.com,
    // Loja Azul, SAO PAULO, reference PED123.
    const open_qr =
      '00020126380014br.gov.bcb.pix0116loja@example.com5204000053039865802BR5909Loja Azul' +
      '6009SAO PAULO62100506PED12363045CA7';
    // Fixed amount: to cafe@example.com, Cafe Bom, RIO, 27.00.
    const fixed_qr =
      '00020126380014br.gov.bcb.pix0116cafe@example.com520400005303986540527.005802BR' +
      '5908Cafe Bom6003RIO62070503***6304EB0B';

    it('decodes a pix QR without any debit', async () => {
      const before = await payouts.balance(owner);
      const response = await post('/v1/payouts/qr/scan', { qr_payload: fixed_qr });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        country: 'BR',
        currency: 'BRL',
        method: 'pix',
        amount: '27.00',
        amount_required: false,
        beneficiary: { name: 'Cafe Bom' },
      });
      expect(await payouts.balance(owner)).toBe(before);
    });

    it.each([['garbage'], [open_qr.slice(0, -1) + '0'], [open_qr.replace('986', '840')]])(
      'answers 400 invalid_qr_payload for %s',
      async (qr_payload) => {
        const response = await post('/v1/payouts/qr/scan', { qr_payload });
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ error: 'invalid_qr_payload' });
      },
    );

    it('pays a QR idempotently and needs the amount for BR/BRL', async () => {
      const idempotency_key = newKey();
      const missing = await post('/v1/payouts/qr/confirm', {
        qr_payload: open_qr,
        idempotency_key,
      });
      expect(missing.status).toBe(400);
      expect(await missing.json()).toMatchObject({ error: 'invalid_amount' });
      const body = {
        qr_payload: open_qr,
        amount: '54.00',
        idempotency_key,
        settlement_asset: 'USDT',
      };
      const first = await post('/v1/payouts/qr/confirm', body);
      expect(first.status).toBe(202);
      const payout = (await first.json()) as PayoutBody;
      expect(payout).toMatchObject({
        status: 'processing',
        settlement_asset: 'USDT',
        total_debit: '10.000000',
        source: 'qr',
      });
      const replay = await post('/v1/payouts/qr/confirm', { ...body, amount: '54.0' });
      expect(replay.status).toBe(202);
      expect(await replay.json()).toEqual(payout);
      const wrong = await post('/v1/payouts/qr/confirm', {
        qr_payload: fixed_qr,
        amount: '20.00',
        idempotency_key: newKey(),
      });
      expect(await wrong.json()).toMatchObject({ error: 'invalid_amount' });
    });
  });
});
