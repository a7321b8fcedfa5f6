import ExcelJS from 'exceljs';
import { parseString } from '@fast-csv/parse';
import { startPlatform, type E2ePlatform } from '../harness';
import { posClient, type PosClient, type TestAccount } from '../clients';

/**
 * POS over HTTP: sandbox terminal charges credited to the merchant, the listing (filters,
 * CSV/XLSX), the summary, refunds with their codes, BOLA and the live environment.
 */
describe('payins: POS', () => {
  let platform: E2ePlatform;
  let api: PosClient;

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'pos',
      settings: { SANDBOX_STEP_MS: '50' },
      live: true,
    });
    api = posClient(platform.environments.test);
  });
  afterAll(async () => platform.close());

  /** The rows of a CSV export, by header. */
  const csvRows = (text: string) =>
    new Promise<Record<string, string>[]>((resolve, reject) => {
      const rows: Record<string, string>[] = [];
      parseString(text, { headers: true })
        .on('data', (row: Record<string, string>) => rows.push(row))
        .on('error', reject)
        .on('end', () => resolve(rows));
    });

  const merchant = (label: string): Promise<TestAccount> => api.payins.account(label);

  it('records a terminal charge and credits the merchant with a readable movement', async () => {
    const account = await merchant('pos-credit');
    const charged = await api.charge(account, { amount: '120.50', terminal_id: 'T-100' });
    expect(charged.status).toBe(201);
    expect(charged.body).toEqual({
      charge_id: expect.any(String),
      terminal_id: 'T-100',
      currency: 'USD',
      amount: '120.50',
      status: 'received',
      refunded_amount: '0.00',
      created_at: expect.any(String),
    });
    const movements = await api.payins.movementsOf(account, charged.body.charge_id, 1);
    expect(movements).toEqual([{ asset: 'USD', amount: '120.50', kind: 'pos_charge' }]);
    expect((await api.get(account, charged.body.charge_id)).body).toEqual(charged.body);
    const other = await merchant('pos-credit-other');
    const foreign = await api.get(other, charged.body.charge_id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('not_found');
    const bad = await api.charge(account, { amount: '1.00', terminal_id: 'has space' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_request');
    const bad_amount = await api.charge(account, { amount: '-1', terminal_id: 'T-100' });
    expect(bad_amount.body.error).toBe('invalid_amount');
  });

  it('lists charges with filters and exports them as CSV and XLSX', async () => {
    const account = await merchant('pos-list');
    const a = (await api.charge(account, { amount: '10.00', terminal_id: 'T-A' })).body;
    const b = (await api.charge(account, { amount: '20.00', terminal_id: 'T-B' })).body;
    const pending = (await api.charge(account, { amount: '30.77', terminal_id: 'T-A' })).body;
    expect(pending.status).toBe('pending');
    const listed = (await api.list(account)).body;
    expect(listed).toMatchObject({ page: 1, page_size: 20 });
    expect(listed.charges.map((row: { charge_id: string }) => row.charge_id)).toEqual([
      pending.charge_id,
      b.charge_id,
      a.charge_id,
    ]);
    const by_terminal = (await api.list(account, '?terminal_id=T-A&status=received')).body;
    expect(by_terminal.charges.map((row: { charge_id: string }) => row.charge_id)).toEqual([
      a.charge_id,
    ]);
    expect((await api.list(account, '?from=2001-01-01&to=2001-01-31')).body.charges).toEqual([]);
    expect((await api.list(account, '?from=2026-02-30')).body.error).toBe('invalid_range');
    expect((await api.list(account, '?status=refunded')).body.error).toBe('invalid_status');
    expect((await api.list(await merchant('pos-list-other'))).body.charges).toEqual([]);

    const csv = await api.list(account, '?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = await csvRows(csv.text);
    expect(rows.map((row) => [row['Terminal'], row['Amount'], row['Status']])).toEqual([
      ['T-A', '30.77', 'pending'],
      ['T-B', '20.00', 'received'],
      ['T-A', '10.00', 'received'],
    ]);
    const xlsx = await fetch(`${platform.environments.test.base_url}/v1/pos/charges?format=xlsx`, {
      headers: account.headers,
    });
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['Charge ID', 'Terminal']));
    // Amounts are number cells a spreadsheet can sum, with the currency's two decimals.
    expect(sheet.getRow(2).values).toEqual(expect.arrayContaining([pending.charge_id, 30.77]));
    expect(sheet.getRow(2).getCell(6).numFmt).toBe('#,##0.00');
  });

  it('sums received charges and refunds by day and by terminal', async () => {
    const account = await merchant('pos-summary');
    const first = (await api.charge(account, { amount: '100.00', terminal_id: 'T-1' })).body;
    await api.charge(account, { amount: '50.25', terminal_id: 'T-2' });
    await api.charge(account, { amount: '9.77', terminal_id: 'T-2' });
    const refunded = await api.refund(account, first.charge_id, {
      amount: '40.00',
      idempotency_key: 'pos-summary-refund',
    });
    expect(refunded.status).toBe(201);
    const by_day = await api.summary(account);
    expect(by_day.status).toBe(200);
    expect(by_day.body).toMatchObject({
      group_by: 'day',
      timezone: expect.any(String),
      totals: [{ currency: 'USD', gross: '150.25', refunded: '40.00', net: '110.25', count: 2 }],
    });
    expect(by_day.body.groups).toEqual([
      {
        key: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        currency: 'USD',
        gross: '150.25',
        refunded: '40.00',
        net: '110.25',
        count: 2,
      },
    ]);
    const by_terminal = (await api.summary(account, '?group_by=terminal')).body;
    expect(by_terminal.groups).toEqual([
      { key: 'T-2', currency: 'USD', gross: '50.25', refunded: '0.00', net: '50.25', count: 1 },
      { key: 'T-1', currency: 'USD', gross: '100.00', refunded: '40.00', net: '60.00', count: 1 },
    ]);
    const past = (await api.summary(account, '?from=2001-01-01&to=2001-01-02')).body;
    expect(past).toMatchObject({ totals: [], groups: [], from: '2001-01-01', to: '2001-01-02' });
    expect((await api.summary(account, '?group_by=week')).body.error).toBe('invalid_request');
    expect((await api.summary(account, '?to=2026-13-01')).body.error).toBe('invalid_range');
  });

  it('refunds in parts, idempotently, and debits the merchant', async () => {
    const account = await merchant('pos-refund');
    const charge = (await api.charge(account, { amount: '80.00', terminal_id: 'T-R' })).body;
    const id = charge.charge_id as string;
    const part = await api.refund(account, id, { amount: '30.00', idempotency_key: 'pos-r-1' });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({
      charge_id: id,
      refunded_amount: '30.00',
      refund: { refund_id: expect.any(String), amount: '30.00', created_at: expect.any(String) },
    });
    const replay = await api.refund(
      account,
      id,
      { amount: '30.0' },
      { 'idempotency-key': 'pos-r-1' },
    );
    expect(replay.status).toBe(200);
    expect(replay.body.refund).toEqual(part.body.refund);
    const conflict = await api.refund(account, id, { amount: '31.00', idempotency_key: 'pos-r-1' });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toBe('idempotency_conflict');
    const too_much = await api.refund(account, id, { amount: '50.01', idempotency_key: 'pos-r-2' });
    expect(too_much.status).toBe(422);
    expect(too_much.body).toEqual({
      error: 'refund_exceeds_received',
      message: expect.any(String),
      request_id: expect.any(String),
    });
    const rest = await api.refund(account, id, { idempotency_key: 'pos-r-3' });
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ refunded_amount: '80.00', refund: { amount: '50.00' } });
    const nothing_left = await api.refund(account, id, { idempotency_key: 'pos-r-4' });
    expect(nothing_left.body.error).toBe('refund_exceeds_received');
    const no_key = await api.refund(account, id, { amount: '1.00' });
    expect(no_key.status).toBe(400);
    expect(no_key.body.error).toBe('idempotency_key_required');
    const movements = await api.payins.movementsOf(account, id, 3);
    expect(movements).toEqual([
      { asset: 'USD', amount: '80.00', kind: 'pos_charge' },
      { asset: 'USD', amount: '-30.00', kind: 'pos_refund' },
      { asset: 'USD', amount: '-50.00', kind: 'pos_refund' },
    ]);
    const other = await merchant('pos-refund-other');
    const foreign = await api.refund(other, id, { idempotency_key: 'pos-r-x' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('not_found');
  });

  it('answers nothing_received, merchant_disabled and insufficient_funds', async () => {
    const account = await merchant('pos-codes');
    const pending = (await api.charge(account, { amount: '12.77', terminal_id: 'T-P' })).body;
    const not_received = await api.refund(account, pending.charge_id, { idempotency_key: 'c-1' });
    expect(not_received.status).toBe(422);
    expect(not_received.body.error).toBe('nothing_received');

    const served = (await api.charge(account, { amount: '15.00', terminal_id: 'T-D' })).body;
    const disabled = await api.disableTerminal(account, 'T-D');
    expect(disabled.status).toBe(200);
    expect(disabled.body).toEqual({ terminal_id: 'T-D', status: 'disabled' });
    const refused = await api.refund(account, served.charge_id, { idempotency_key: 'c-2' });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('merchant_disabled');
    const new_charge = await api.charge(account, { amount: '1.00', terminal_id: 'T-D' });
    expect(new_charge.body.error).toBe('merchant_disabled');

    // USDC: an asset the account holds only from this charge; most of it moves away.
    const usdc = (
      await api.charge(account, { amount: '50.000000', terminal_id: 'T-U', currency: 'USDC' })
    ).body;
    const recipient = await merchant('pos-codes-recipient');
    const moved = await api.payins.request('POST', '/v1/transfers', {
      token: account.access_token,
      body: { recipient: recipient.email, asset: 'USDC', amount: '45.000000' },
    });
    expect(moved.status).toBeLessThan(300);
    const short = await api.refund(account, usdc.charge_id, { idempotency_key: 'c-3' });
    expect(short.status).toBe(402);
    expect(short.body.error).toBe('insufficient_funds');
    expect((await api.get(account, usdc.charge_id)).body.refunded_amount).toBe('0.000000');
  });

  it('has no sandbox charges in live, and documents every POS route', async () => {
    const live = posClient(platform.environments.live);
    const account = await live.payins.account('pos-live');
    expect((await live.charge(account, { amount: '1.00', terminal_id: 'T' })).status).toBe(404);
    expect((await live.summary(account)).body.totals).toEqual([]);

    const document = await api.payins.request('GET', '/openapi.json');
    const paths = document.body.paths as Record<string, Record<string, { description?: string }>>;
    expect(paths['/v1/pos/summary']?.get).toBeDefined();
    expect(paths['/v1/pos/charges']?.get).toBeDefined();
    expect(paths['/v1/pos/charges/{id}']?.get).toBeDefined();
    expect(paths['/v1/pos/charges/{id}/refund']?.post?.description).toContain('nothing_received');
    expect(paths['/v1/sandbox/pos/charges']?.post).toBeDefined();
    expect(paths['/v1/sandbox/pos/terminals/{terminalID}/disable']?.post).toBeDefined();
  });
});
