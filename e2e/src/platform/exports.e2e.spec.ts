import { parseString } from '@fast-csv/parse';
import Big from 'big.js';
import ExcelJS from 'exceljs';
import {
  bankingClient,
  cardsClient,
  http,
  identityClient,
  json,
  openAccount,
  payinsClient,
  payoutsClient,
  pix,
  posClient,
  type PayoutBody,
  type TestAccount,
} from '../clients';
import { startPlatform, type E2ePlatform } from '../harness';

const TIMEZONE = 'America/Mexico_City';
const ORG = 'exports-mx';
const BENEFICIARY = 'Beatriz Souza';

/**
 * Every header of the card, POS charge and bank operation exports, in the order of their
 * columns, in Spanish and Chinese: none left in English.
 */
const CARD_HEADERS = {
  es: [
    'ID de la tarjeta',
    `Fecha de creación (${TIMEZONE})`,
    'Tipo',
    'Estado',
    'Motivo',
    'Últimos 4',
    'Vencimiento',
    'Titular',
  ],
  zh: [
    '卡片编号',
    `创建时间 (${TIMEZONE})`,
    '类型',
    '状态',
    '原因',
    '末四位',
    '有效期',
    '持卡人姓名',
  ],
};
const POS_CHARGE_HEADERS = {
  es: [
    'ID del cobro',
    `Fecha de creación (${TIMEZONE})`,
    'Terminal',
    'Estado',
    'Moneda',
    'Monto',
    'Reembolsado',
  ],
  zh: ['收费编号', `创建时间 (${TIMEZONE})`, '终端', '状态', '币种', '金额', '已退款'],
};
const BANK_OPERATION_HEADERS = {
  es: [
    'ID de la operación',
    `Fecha de creación (${TIMEZONE})`,
    'Tipo',
    'Estado',
    'Moneda',
    'Monto',
    'Comisión',
    'ID de la cuenta bancaria',
    'ID del tercero',
    'Código de error',
    'Clave de idempotencia',
  ],
  zh: [
    '操作编号',
    `创建时间 (${TIMEZONE})`,
    '类型',
    '状态',
    '币种',
    '金额',
    '手续费',
    '银行账户编号',
    '第三方编号',
    '失败代码',
    '幂等键',
  ],
};

interface Movement {
  id: string;
  created_at: string;
  asset: string;
  amount: string;
  balance_after: string;
  kind: string;
  reference_id: string;
  description: string;
}

function parseCsv(body: Buffer): Promise<string[][]> {
  const text = body.toString('utf8').replace(/^\uFEFF/, '');
  return new Promise((resolve, reject) => {
    const records: string[][] = [];
    parseString(text)
      .on('data', (record: string[]) => records.push(record))
      .on('error', reject)
      .on('end', () => resolve(records));
  });
}

async function openXlsx(body: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  return sheet;
}

/** The column of `header` in the first row (1-based), or a failure naming it. */
function columnOf(sheet: ExcelJS.Worksheet, header: string): number {
  const headers = (sheet.getRow(1).values as unknown[]).map((value) => String(value ?? ''));
  const index = headers.indexOf(header);
  if (index < 1) throw new Error(`no column ${header} in ${headers.join(', ')}`);
  return index;
}

/** Every cell of a column below the header, by row. */
function columnCells(sheet: ExcelJS.Worksheet, header: string): ExcelJS.Cell[] {
  const column = columnOf(sheet, header);
  const cells: ExcelJS.Cell[] = [];
  for (let row = 2; row <= sheet.rowCount; row += 1) cells.push(sheet.getRow(row).getCell(column));
  return cells;
}

/** What a Mexico City wall clock read at `iso` (UTC-6 all year since 2022), to the second. */
function mexicoWallClock(iso: string): Date {
  const seconds = Math.floor(Date.parse(iso) / 1000) * 1000;
  return new Date(seconds - 6 * 3_600_000);
}

/**
 * Exports a finance team opens (issue 19): spreadsheet numbers and dates, the organization's time
 * zone, headers in the reader's language, and movements that read like a bank statement.
 */
describe('exports: spreadsheets and CSV for a finance team', () => {
  let platform: E2ePlatform;
  let owner: TestAccount;
  let payout: PayoutBody;
  let payin_id: string;
  let download: (route: string, headers?: Record<string, string>) => Promise<Response>;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'exports', settings: { SANDBOX_STEP_MS: '40' } });
    const target = platform.environments.test;
    const identity = identityClient(target);
    await identity.createOrganization(ORG, 'Exportadora MX', { timezone: TIMEZONE });
    await identity.setOtpPolicy(ORG, { required_actions: [] });
    const client = http(target);
    owner = await openAccount(client, {
      label: 'exports',
      registration: { org: ORG, type: 'company', display_name: 'Exportadora MX' },
    });
    download = async (route, headers = {}) => {
      const response = await client.request('GET', route, {
        headers: { ...owner.headers, ...headers },
      });
      expect(response.status).toBe(200);
      return response;
    };

    const payouts = payoutsClient(target);
    const created = await payouts.create(
      owner,
      pix('108.00', {
        idempotency_key: `exports-${Date.now()}`,
        beneficiary: { name: BENEFICIARY, account_number: '+5511988887777' },
      }),
    );
    expect(created.status).toBe(202);
    payout = await payouts.awaitPayout(
      owner,
      created.body.payout_id,
      (p) => p.status === 'completed',
    );

    const payins = payinsClient(target);
    const payin = await payins.createCredited(owner, {
      method: 'bank_transfer',
      country: 'MX',
      currency: 'MXN',
      amount: '1720.00',
      idempotency_key: `exports-payin-${Date.now()}`,
    });
    payin_id = payin.body.payin_id as string;

    // A row in each of the other exports: a card, a POS charge and a bank operation.
    const cards = cardsClient(target);
    await cards.screenHolder(owner);
    await cards.issue(owner);
    expect(
      (await posClient(target).charge(owner, { amount: '35.00', terminal_id: 'T-MX' })).status,
    ).toBe(201);
    const bank = bankingClient(target);
    const { usd } = await bank.approvedCustomer(owner);
    await bank.inbound(owner, usd.bank_account_id, '25.00');
  });
  afterAll(async () => platform.close());

  const bodyOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

  describe('XLSX', () => {
    it('writes payout amounts as numbers with the decimals of their currency or asset', async () => {
      const sheet = await openXlsx(await bodyOf(await download('/v1/payouts?format=xlsx')));
      const [debit] = columnCells(sheet, 'Total debit');
      expect(typeof debit?.value).toBe('number');
      expect(String(debit?.value)).toBe(new Big(payout.total_debit).toString());
      expect(debit?.numFmt).toBe('#,##0.00');
      const [usdt] = columnCells(sheet, 'USDT amount');
      expect(typeof usdt?.value).toBe('number');
      expect(usdt?.numFmt).toBe('#,##0.000000');
      const [local] = columnCells(sheet, 'Local amount');
      expect(local?.value).toBe(108);
      expect(local?.numFmt).toBe('#,##0.00');
      expect(sheet.getCell('A1').font?.bold).toBe(true);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.autoFilter).toBeTruthy();
    });

    it('writes dates as date cells on the organization wall clock (America/Mexico_City)', async () => {
      const sheet = await openXlsx(await bodyOf(await download('/v1/payouts?format=xlsx')));
      const [created] = columnCells(sheet, `Created at (${TIMEZONE})`);
      expect(created?.value).toBeInstanceOf(Date);
      expect(created?.value).toEqual(mexicoWallClock(payout.created_at as string));
      expect(created?.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    });

    it('writes movements whose amounts sum to the balance each asset ends with', async () => {
      const sheet = await openXlsx(await bodyOf(await download('/v1/movements?format=xlsx')));
      const assets = columnCells(sheet, 'Asset').map((cell) => String(cell.value));
      const amounts = columnCells(sheet, 'Amount');
      const balances = columnCells(sheet, 'Balance after');
      expect(amounts.every((cell) => typeof cell.value === 'number')).toBe(true);
      for (const asset of new Set(assets)) {
        const rows = assets.flatMap((each, index) => (each === asset ? [index] : []));
        // Numbers back to decimals one by one: the sum itself is exact.
        const sum = rows.reduce((total, row) => total.plus(String(amounts[row]?.value)), Big(0));
        const newest = balances[rows[0]!]?.value;
        expect(sum.eq(String(newest))).toBe(true);
        expect(amounts[rows[0]!]?.numFmt).toBe(asset === 'USD' ? '#,##0.00' : '#,##0.000000');
      }
    });
  });

  describe('CSV', () => {
    it('writes movement dates in the organization time zone with their offset', async () => {
      const [header, ...rows] = await parseCsv(
        await bodyOf(await download('/v1/movements?format=csv')),
      );
      expect(header?.[1]).toBe(`Date (${TIMEZONE})`);
      const listing = await json<{ movements: Movement[] }>(
        await download('/v1/movements?page_size=100'),
        200,
      );
      expect(rows).toHaveLength(listing.movements.length);
      rows.forEach((row, index) => {
        const wall = mexicoWallClock(listing.movements[index]!.created_at);
        expect(row[1]).toBe(`${wall.toISOString().slice(0, 19)}-06:00`);
        expect(row[3]).toBe(listing.movements[index]!.amount);
      });
    });

    it.each([
      [
        'es',
        '/v1/payouts',
        ['ID del pago', `Fecha de creación (${TIMEZONE})`, 'Estado', 'Código de estado'],
      ],
      ['zh', '/v1/payouts', ['付款编号', `创建时间 (${TIMEZONE})`, '状态', '状态代码']],
      ['es', '/v1/payins', ['ID del cobro', `Fecha de creación (${TIMEZONE})`, 'Método', 'Estado']],
      ['zh', '/v1/payins', ['收款编号', `创建时间 (${TIMEZONE})`, '方式', '状态']],
    ])('writes %s headers for %s', async (lang, route, expected) => {
      const by_query = await download(`${route}?format=csv&lang=${lang}`);
      expect(by_query.headers.get('content-language')).toBe(lang);
      const [header, first] = await parseCsv(await bodyOf(by_query));
      expect(header?.slice(0, 4)).toEqual(expected);
      expect(first?.[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-06:00$/);
      const by_locale = await download(`${route}?format=csv&locale=${lang}-MX`);
      const [negotiated] = await parseCsv(await bodyOf(by_locale));
      expect(negotiated?.slice(0, 4)).toEqual(expected);
      // Without a language asked for, the organization's default (English) comes before
      // Accept-Language in the order of every document.
      const by_default = await download(`${route}?format=csv`, { 'accept-language': lang });
      expect(by_default.headers.get('content-language')).toBe('en');
    });

    it.each([
      ['es', '/v1/cards', CARD_HEADERS.es],
      ['zh', '/v1/cards', CARD_HEADERS.zh],
      ['es', '/v1/pos/charges', POS_CHARGE_HEADERS.es],
      ['zh', '/v1/pos/charges', POS_CHARGE_HEADERS.zh],
      ['es', '/v1/banking/operations', BANK_OPERATION_HEADERS.es],
      ['zh', '/v1/banking/operations', BANK_OPERATION_HEADERS.zh],
    ])('writes every %s header of %s, in CSV and XLSX', async (lang, route, expected) => {
      const csv = await download(`${route}?format=csv&lang=${lang}`);
      expect(csv.headers.get('content-language')).toBe(lang);
      const [header, first] = await parseCsv(await bodyOf(csv));
      expect(header).toEqual(expected);
      expect(first?.[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-06:00$/);
      const sheet = await openXlsx(
        await bodyOf(await download(`${route}?format=xlsx&lang=${lang}`)),
      );
      // ExcelJS numbers cells from 1: the row's values start with an empty slot.
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(expected);
      expect(sheet.rowCount).toBeGreaterThan(1);
    });

    it('keeps amounts as decimal strings', async () => {
      const [header, row] = await parseCsv(await bodyOf(await download('/v1/payouts?format=csv')));
      expect(row?.[header!.indexOf('Total debit')]).toBe(payout.total_debit);
      expect(row?.[header!.indexOf('USDT amount')]).toBe(payout.usdt_amount);
    });
  });

  describe('movement descriptions', () => {
    const describedBy = (movements: { reference_id: string; description: string }[], id: string) =>
      movements.filter((row) => row.reference_id === id).map((row) => row.description);

    it('read like a bank statement in the listing, after the payout completed', async () => {
      const { movements } = await json<{ movements: Movement[] }>(
        await download('/v1/movements?page_size=100'),
        200,
      );
      const payout_texts = describedBy(movements, payout.payout_id);
      expect(payout_texts).toContain(`Payout to ${BENEFICIARY} (PIX)`);
      for (const text of payout_texts)
        expect(text).toMatch(/^(Fee: )?Payout to Beatriz Souza \(PIX\)$/);
      expect(describedBy(movements, payin_id)).toEqual(['Payin via bank transfer']);
      for (const { description } of movements) {
        expect(description).not.toMatch(/reserved|released|payout:|credited|debited/);
        expect(description).toMatch(/^[A-Z]/);
      }
    });

    it('read the same in the CSV and XLSX exports', async () => {
      const { movements } = await json<{ movements: Movement[] }>(
        await download('/v1/movements?page_size=100'),
        200,
      );
      const [header, ...rows] = await parseCsv(
        await bodyOf(await download('/v1/movements?format=csv&lang=es')),
      );
      const column = header!.indexOf('Descripción');
      expect(rows.map((row) => row[column])).toEqual(movements.map((row) => row.description));
      const sheet = await openXlsx(await bodyOf(await download('/v1/movements?format=xlsx')));
      expect(columnCells(sheet, 'Description').map((cell) => cell.value)).toEqual(
        movements.map((row) => row.description),
      );
    });
  });
});
