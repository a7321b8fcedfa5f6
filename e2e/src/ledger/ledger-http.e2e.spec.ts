import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { REPO_ROOT } from '@platform/testing';
import { ledgerClient, type LedgerTestAccount as Account } from '../clients';
import { startPlatform, type E2ePlatform } from '../harness';

interface BalanceRow {
  asset: string;
  available: string;
  held: string;
  total: string;
  decimals: number;
}

interface MovementRow {
  id: string;
  created_at: string;
  asset: string;
  amount: string;
  balance_after: string;
  kind: string;
}

const DAY_MS = 86_400_000;

/** The ledger's public surface over HTTP: balances, settlement, rates, movements, reports, D5. */
describe('ledger HTTP: balances, settlement, rates, movements, history, statements', () => {
  let platform: E2ePlatform;

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'ledgerhttp',
      settings: { SETTLEMENT_DISABLED_ASSETS: 'GOLD' },
    });
  });
  afterAll(async () => platform.close());

  const { call, json, expectError, newTestAccount } = ledgerClient(
    () => platform.environments.test,
    'ledger-http',
  );
  const newAccount = () => newTestAccount({ display_name: 'Grace Hopper' });

  describe('D5 demo history of a confirmed test account', () => {
    let account: Account;
    beforeAll(async () => {
      account = await newAccount();
    });

    it('has at least 10,000.00 USD and 1,000.000000 USDT available by the time confirm answers', async () => {
      const sheet = await json<{
        balances: BalanceRow[];
        settlement_asset: string;
        payin_settlement_asset: string;
        total_usd: string;
      }>(await call('GET', '/v1/balances', account.headers), 200);
      expect(sheet.balances.map((row) => row.asset)).toEqual([
        'USD',
        'USDT',
        'USDC',
        'BTC',
        'GOLD',
        'SILVER',
        'PLATINUM',
        'BOB',
        'MXN',
        'ARS',
      ]);
      expect(sheet.balances[0]).toEqual({
        asset: 'USD',
        available: '10100.00',
        held: '0.00',
        total: '10100.00',
        decimals: 2,
      });
      expect(sheet.balances[1]).toMatchObject({ asset: 'USDT', available: '1100.000000' });
      expect(sheet.balances[3]).toMatchObject({ asset: 'BTC', total: '0.00000000', decimals: 8 });
      expect(sheet).toMatchObject({
        settlement_asset: 'USD',
        payin_settlement_asset: 'USD',
        total_usd: '11200.00',
      });
    });

    it('shows demo payins and completed payouts dated in the past 30 days as movements', async () => {
      const page = await json<{ page: number; page_size: number; movements: MovementRow[] }>(
        await call('GET', '/v1/movements?page_size=100', account.headers),
        200,
      );
      expect(page).toMatchObject({ page: 1, page_size: 100 });
      const kinds = page.movements.map((row) => row.kind);
      expect(kinds.filter((kind) => kind === 'payin').length).toBeGreaterThanOrEqual(3);
      expect(kinds.filter((kind) => kind === 'payout').length).toBeGreaterThanOrEqual(2);
      const now_ms = Date.now();
      for (const row of page.movements) {
        const age_ms = now_ms - Date.parse(row.created_at);
        expect(age_ms).toBeGreaterThan(DAY_MS);
        expect(age_ms).toBeLessThan(30 * DAY_MS);
      }
      // Newest first: the last demo payout (USD 400.00) leaves 10,100.00.
      expect(page.movements[0]).toMatchObject({
        asset: 'USD',
        amount: '-400.00',
        balance_after: '10100.00',
      });
    });

    it('filters movements by organization-local dates and pages them', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const recent = await json<{ movements: MovementRow[] }>(
        await call('GET', `/v1/movements?from=${today}`, account.headers),
        200,
      );
      expect(recent.movements).toEqual([]);
      const paged = await json<{ page: number; page_size: number; movements: MovementRow[] }>(
        await call('GET', '/v1/movements?page=2&page_size=3', account.headers),
        200,
      );
      expect(paged).toMatchObject({ page: 2, page_size: 3 });
      expect(paged.movements).toHaveLength(3);
      await expectError(
        await call('GET', '/v1/movements?from=2024-02-30', account.headers),
        400,
        'invalid_range',
      );
    });

    it('exports movements as csv and xlsx', async () => {
      const csv = await call('GET', '/v1/movements?format=csv&lang=es', account.headers);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
      const lines = (await csv.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      // Dates are on the organization's clock (demo: America/New_York), its offset on each.
      expect(lines[0]).toBe(
        'ID,Fecha (America/New_York),Activo,Monto,Saldo posterior,Tipo,Referencia,Descripción',
      );
      expect(lines[1]?.split(',')[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[45]:00$/);
      expect(lines).toHaveLength(9);
      // Without a query locale the account profile decides, before Accept-Language (spec §1).
      const headerRow = async (headers: Record<string, string>) =>
        (await (await call('GET', '/v1/movements?format=csv', headers)).text())
          .replace(/^\uFEFF/, '')
          .split('\r\n')[0];
      const zh_browser = { ...account.headers, 'accept-language': 'zh-CN' };
      expect(await headerRow(zh_browser)).toMatch(/^ID,Date/);
      expect((await call('PATCH', '/v1/me', account.headers, { locale: 'es' })).status).toBe(200);
      try {
        expect(await headerRow(zh_browser)).toMatch(/^ID,Fecha/);
      } finally {
        await call('PATCH', '/v1/me', account.headers, { locale: 'en' });
      }
      const xlsx = await call('GET', '/v1/movements?format=xlsx', account.headers);
      expect(xlsx.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
      expect(workbook.worksheets[0]?.rowCount).toBe(9);
      await expectError(
        await call('GET', '/v1/movements?format=pdf', account.headers),
        400,
        'invalid_request',
      );
    });

    it('charts a daily series per asset with total_usd, banking series outside it', async () => {
      const history = await json<{
        timezone: string;
        assets: { asset: string; in_total_usd: boolean }[];
        days: { date: string; balances: Record<string, string>; total_usd: string }[];
      }>(await call('GET', '/v1/balances/history', account.headers), 200);
      expect(history.timezone).toBe('America/New_York');
      expect(history.days).toHaveLength(30);
      expect(history.assets).toContainEqual({
        asset: 'BANK_USD',
        decimals: 2,
        in_total_usd: false,
      });
      const last = history.days.at(-1);
      expect(last?.balances).toMatchObject({
        USD: '10100.00',
        USDT: '1100.000000',
        BANK_EUR: '0.00',
      });
      expect(last?.total_usd).toBe('11200.00');
      // The first demo payin is 28 days old: the series starts below today's balance.
      expect(history.days[0]?.balances.USD).not.toBe('10100.00');
      await expectError(
        await call('GET', '/v1/balances/history?from=2025-01-10&to=2025-01-01', account.headers),
        400,
        'invalid_range',
      );
    });

    it('renders the statement as pdf or xlsx, localized, without raw movements', async () => {
      const pdf = await call('GET', '/v1/reports/statement?format=pdf', account.headers);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      const xlsx = await call('GET', '/v1/reports/statement?format=xlsx&lang=es', account.headers);
      expect(xlsx.status).toBe(200);
      expect(xlsx.headers.get('content-language')).toBe('es');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
      const [balances, totals] = workbook.worksheets;
      const rows = (balances?.getSheetValues() ?? []).map((row) =>
        Array.isArray(row) ? row.slice(1).map(String) : [],
      );
      expect(rows).toContainEqual(['Activo', 'Saldo inicial', 'Saldo final']);
      // Amounts are number cells with the asset's decimals, so a spreadsheet can sum them.
      expect(rows).toContainEqual(['USD', '0', '10100']);
      const usd_row = balances
        ?.getRows(1, balances.rowCount)
        ?.find((row) => row.getCell(1).value === 'USD');
      expect(usd_row?.getCell(3).value).toBe(10100);
      expect(usd_row?.getCell(3).numFmt).toBe('#,##0.00');
      const usdt_row = balances
        ?.getRows(1, balances.rowCount)
        ?.find((row) => row.getCell(1).value === 'USDT');
      expect(usdt_row?.getCell(3).value).toBe(1100);
      expect(usdt_row?.getCell(3).numFmt).toBe('#,##0.000000');
      const kind_rows = (totals?.getSheetValues() ?? []).map((row) =>
        Array.isArray(row) ? row.slice(1).map(String) : [],
      );
      expect(kind_rows).toContainEqual(['payin', 'USD', '10750', '0', '3']);
      expect(kind_rows).toContainEqual(['payout', 'USD', '0', '650', '2']);
      expect(typeof totals?.getRow(2).getCell(3).value).toBe('number');
      await expectError(
        await call('GET', '/v1/reports/statement?format=json', account.headers),
        400,
        'invalid_format',
      );
    });
  });

  describe('settlement settings', () => {
    it('changes the settlement and payin assets among enabled convertible assets only', async () => {
      const account = await newAccount();
      expect(
        await json(
          await call('PUT', '/v1/settlement', account.headers, { settlement_asset: 'USDT' }),
          200,
        ),
      ).toEqual({ settlement_asset: 'USDT', payin_settlement_asset: 'USD' });
      expect(
        await json(
          await call('PUT', '/v1/settlement', account.headers, { default_payin_asset: 'BTC' }),
          200,
        ),
      ).toEqual({ settlement_asset: 'USDT', payin_settlement_asset: 'BTC' });
      for (const settlement_asset of ['BOB', 'EUR']) {
        await expectError(
          await call('PUT', '/v1/settlement', account.headers, { settlement_asset }),
          400,
          'invalid_settlement_asset',
        );
      }
      await expectError(
        await call('PUT', '/v1/settlement', account.headers, { settlement_asset: 'GOLD' }),
        400,
        'settlement_asset_disabled',
      );
      // The refused changes left the stored settlement as it was.
      const sheet = await json<{ settlement_asset: string; payin_settlement_asset: string }>(
        await call('GET', '/v1/balances', account.headers),
        200,
      );
      expect(sheet).toMatchObject({ settlement_asset: 'USDT', payin_settlement_asset: 'BTC' });
    });
  });

  it('documents the ledger routes in the OpenAPI document', async () => {
    const document = await json<{ paths: Record<string, Record<string, unknown>> }>(
      await call('GET', '/openapi.json', {}),
      200,
    );
    for (const [route, method] of [
      ['/v1/balances', 'get'],
      ['/v1/balances/history', 'get'],
      ['/v1/settlement', 'put'],
      ['/v1/rates', 'get'],
      ['/v1/movements', 'get'],
      ['/v1/reports/statement', 'get'],
      ['/v1/swaps', 'post'],
      ['/v1/swaps/{id}', 'get'],
      ['/v1/transfers', 'post'],
      ['/v1/transfers/{id}', 'get'],
      ['/v1/resolve', 'get'],
      ['/v1/me/alias', 'put'],
    ] as const) {
      expect(document.paths[route]?.[method]).toBeDefined();
    }
  });

  it('types GET /v1/balances in a client generated from the document as its real shape', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'openapi-client-'));
    writeFileSync(
      path.join(dir, 'openapi.json'),
      await (await call('GET', '/openapi.json', {})).text(),
    );
    const bin = (name: string) => path.join(REPO_ROOT, 'node_modules', '.bin', name);
    execFileSync(bin('openapi-typescript'), ['openapi.json', '-o', 'api.ts'], { cwd: dir });
    writeFileSync(
      path.join(dir, 'client.ts'),
      [
        "import type { paths } from './api';",
        "type Balances = paths['/v1/balances']['get']['responses'][200]['content']['application/json'];",
        'export const sheet: Balances = {',
        "  balances: [{ asset: 'USD', available: '1.00', held: '0.00', total: '1.00', decimals: 2 }],",
        "  settlement_asset: 'USD',",
        "  payin_settlement_asset: 'USD',",
        "  total_usd: '1.00',",
        '};',
        '// @ts-expect-error money is a decimal string, never a number',
        "export const available: Balances['balances'][number]['available'] = 1;",
        '// @ts-expect-error only the ten assets',
        "export const asset: Balances['balances'][number]['asset'] = 'EUR';",
        '',
      ].join('\n'),
    );
    // Fails to compile if the response is untyped (the @ts-expect-error lines would be unused).
    execFileSync(bin('tsc'), ['--noEmit', '--strict', '--skipLibCheck', 'client.ts'], { cwd: dir });
  });

  describe('rates', () => {
    it('answers one row per country from the rate table', async () => {
      const account = await newAccount();
      const { rates } = await json<{ rates: Record<string, unknown>[] }>(
        await call('GET', '/v1/rates', account.headers),
        200,
      );
      expect(rates).toContainEqual({
        country: 'MX',
        currency: 'MXN',
        rate: '17.20',
        rate_source: 'spot',
        payin_rate: '17.20',
        same_currency_only: true,
      });
      expect(rates.find((row) => row.country === 'BR')).not.toHaveProperty('same_currency_only');
      const quoted = await json<{ rates: Record<string, unknown>[] }>(
        await call('GET', '/v1/rates?currency=ARS&amount=10.00', account.headers),
        200,
      );
      expect(quoted.rates).toEqual([
        expect.objectContaining({ country: 'AR', local_amount: '10000.00' }),
      ]);
      await expectError(
        await call('GET', '/v1/rates?currency=XYZ', account.headers),
        422,
        'currency_not_supported',
      );
      await expectError(
        await call('GET', '/v1/rates?amount=1e3', account.headers),
        400,
        'invalid_amount',
      );
    });
  });
});
