import { parseString } from '@fast-csv/parse';
import { DomainError } from '@platform/contracts';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import {
  EXPORT_ROW_LIMIT,
  buildExport,
  contentDisposition,
  exportBody,
  parseExportFormat,
  type ExportColumn,
  type ExportRequest,
} from './send-export';

type Key = 'id' | 'amount' | 'description';

const columns = [
  { key: 'id', header: 'ID' },
  { key: 'amount', header: 'Importe' },
  { key: 'description', header: '描述' },
] as const;
const UTC_EN = { locale: 'en', timezone: 'UTC' } as const;

const rows: Array<Record<Key, string | null>> = [
  { id: 'mv_2', amount: '-10.50', description: 'fee, "monthly"\nsecond line' },
  { id: 'mv_1', amount: '1000.000001', description: '=HYPERLINK("http://evil")' },
  { id: 'mv_0', amount: '5.00', description: null },
];

function request(
  format: 'csv' | 'xlsx',
  body_rows: ExportRequest<Key>['rows'] = rows,
): ExportRequest<Key> {
  return { format, filename: 'movements', columns, rows: body_rows, reader: UTC_EN };
}

function parseCsv(text: string): Promise<string[][]> {
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

function manyRows(count: number): Array<Record<Key, string>> {
  return Array.from({ length: count }, (_, index) => ({
    id: `mv_${index}`,
    amount: '1.00',
    description: '',
  }));
}

describe('CSV export', () => {
  it('writes a BOM, the translated headers and every row, quoting what needs it', async () => {
    const file = await buildExport(request('csv'));
    expect(file.content_type).toBe('text/csv; charset=utf-8');
    const text = file.body.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(await parseCsv(text.slice(1))).toEqual([
      ['ID', 'Importe', '描述'],
      ['mv_2', '-10.50', 'fee, "monthly"\nsecond line'],
      ['mv_1', '1000.000001', `'=HYPERLINK("http://evil")`],
      ['mv_0', '5.00', ''],
    ]);
  });

  it('neutralizes formula-like cells but keeps signed amounts', async () => {
    const file = await buildExport(
      request('csv', [
        { id: '+1', amount: '+2.5', description: '-cmd' },
        { id: '@SUM(A1)', amount: '-0.01', description: '\tx' },
      ]),
    );
    const [, first, second] = await parseCsv(file.body.toString('utf8').slice(1));
    expect(first).toEqual(['+1', '+2.5', `'-cmd`]);
    expect(second).toEqual([`'@SUM(A1)`, '-0.01', `'\tx`]);
  });

  it('stops at 10,000 rows and says it did', async () => {
    const file = await buildExport(request('csv', manyRows(EXPORT_ROW_LIMIT + 5)));
    const records = await parseCsv(file.body.toString('utf8').slice(1));
    expect(records).toHaveLength(EXPORT_ROW_LIMIT + 1);
    expect(records[EXPORT_ROW_LIMIT]?.[0]).toBe(`mv_${EXPORT_ROW_LIMIT - 1}`);
    expect(file.truncated).toBe(true);
    expect((await buildExport(request('csv', manyRows(EXPORT_ROW_LIMIT)))).truncated).toBe(false);
  });
});

describe('XLSX export', () => {
  it('opens in exceljs with the headers and the values as text', async () => {
    const file = await buildExport(request('xlsx'));
    expect(file.content_type).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const sheet = await openXlsx(file.body);
    expect(sheet.getRow(1).values).toEqual([undefined, 'ID', 'Importe', '描述']);
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getCell('B2').value).toBe('-10.50');
    expect(sheet.getCell('B3').value).toBe('1000.000001');
    expect(sheet.getCell('C2').value).toBe('fee, "monthly"\nsecond line');
    expect(sheet.getCell('C4').value).toBeNull();
  });

  it('caps the rows at 10,000', async () => {
    const file = await buildExport(request('xlsx', manyRows(EXPORT_ROW_LIMIT + 1)));
    const sheet = await openXlsx(file.body);
    expect(sheet.rowCount).toBe(EXPORT_ROW_LIMIT + 1);
    expect(file.truncated).toBe(true);
  });
});

describe('contentDisposition', () => {
  it('adds the extension and an ASCII fallback beside the UTF-8 name', () => {
    expect(contentDisposition('movements', 'csv')).toBe(
      `attachment; filename="movements.csv"; filename*=UTF-8''movements.csv`,
    );
    expect(contentDisposition('movimientos año', 'xlsx')).toBe(
      `attachment; filename="movimientos_a_o.xlsx"; filename*=UTF-8''movimientos%20a%C3%B1o.xlsx`,
    );
  });

  it('drops quotes, separators and control characters', () => {
    expect(contentDisposition('../"evil"\r\nX-Injected: 1', 'csv')).toBe(
      `attachment; filename="..evilX-Injected__1.csv"; filename*=UTF-8''..evilX-Injected%3A%201.csv`,
    );
    expect(contentDisposition('"/', 'csv')).toContain('filename="export.csv"');
  });
});

describe('parseExportFormat', () => {
  it('reads csv and xlsx, treats absent and json as the JSON listing', () => {
    expect(parseExportFormat('csv')).toBe('csv');
    expect(parseExportFormat('xlsx')).toBe('xlsx');
    expect(parseExportFormat(undefined)).toBeUndefined();
    expect(parseExportFormat('json')).toBeUndefined();
  });

  it('answers invalid_request for anything else', () => {
    expect(() => parseExportFormat('pdf')).toThrow(DomainError);
    expect(() => parseExportFormat(['csv'])).toThrow(
      expect.objectContaining({ code: 'invalid_request' }),
    );
  });
});

describe('exportBody', () => {
  it('sets the headers and returns the body for the handler to answer', async () => {
    const server = Fastify();
    server.get('/export', (_request, reply) =>
      exportBody(reply, request('xlsx', manyRows(EXPORT_ROW_LIMIT + 1))),
    );
    try {
      const response = await server.inject({ method: 'GET', url: '/export' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="movements.xlsx"; filename*=UTF-8''movements.xlsx`,
      );
      expect(response.headers['x-export-truncated']).toBe('true');
      expect(response.headers['content-language']).toBe('en');
      const sheet = await openXlsx(response.rawPayload);
      expect(sheet.getCell('A2').value).toBe('mv_0');
    } finally {
      await server.close();
    }
  });
});

type LedgerKey = 'created_at' | 'asset' | 'amount' | 'fee' | 'note';

const LEDGER_COLUMNS: ReadonlyArray<ExportColumn<LedgerKey>> = [
  { key: 'created_at', header: { en: 'Date', es: 'Fecha', zh: '日期' }, kind: 'date' },
  { key: 'asset', header: { en: 'Asset', es: 'Activo', zh: '资产' } },
  {
    key: 'amount',
    header: { en: 'Amount', es: 'Monto', zh: '金额' },
    kind: 'amount',
    unit_column: 'asset',
  },
  { key: 'fee', header: { en: 'Fee', es: 'Comisión', zh: '手续费' }, kind: 'amount', unit: 'USD' },
  { key: 'note', header: { en: 'Note', es: 'Nota', zh: '备注' } },
];

const LEDGER_ROWS: ReadonlyArray<Record<LedgerKey, string | null>> = [
  {
    created_at: '2026-11-25T16:40:05.123Z',
    asset: 'USD',
    amount: '-1234.50',
    fee: '0.25',
    note: 'a',
  },
  {
    created_at: '2026-07-01T03:00:00.000Z',
    asset: 'BTC',
    amount: '0.00012345',
    fee: null,
    note: 'b',
  },
  {
    created_at: '2026-01-02T00:00:00.000Z',
    asset: 'USDT',
    amount: '10.000001',
    fee: '1',
    note: '5',
  },
  // 16 significant digits: a spreadsheet number would round it, so it stays text.
  { created_at: 'not a date', asset: 'USD', amount: '12345678901234.56', fee: '', note: null },
];

function ledgerRequest(
  format: 'csv' | 'xlsx',
  reader: ExportRequest<LedgerKey>['reader'],
): ExportRequest<LedgerKey> {
  return { format, filename: 'ledger', columns: LEDGER_COLUMNS, rows: LEDGER_ROWS, reader };
}

describe('XLSX export for a finance team', () => {
  const MEXICO = { locale: 'es', timezone: 'America/Mexico_City' } as const;

  it('writes amounts as numbers with the decimals of their asset', async () => {
    const sheet = await openXlsx((await buildExport(ledgerRequest('xlsx', MEXICO))).body);
    expect(sheet.getCell('C2').value).toBe(-1234.5);
    expect(sheet.getCell('C2').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('C3').value).toBe(0.00012345);
    expect(sheet.getCell('C3').numFmt).toBe('#,##0.00000000');
    expect(sheet.getCell('C4').value).toBe(10.000001);
    expect(sheet.getCell('C4').numFmt).toBe('#,##0.000000');
    expect(sheet.getCell('D2').value).toBe(0.25);
    expect(sheet.getCell('D4').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('C5').value).toBe('12345678901234.56');
    expect(sheet.getCell('D5').value).toBe('');
    expect(sheet.getCell('E4').value).toBe('5');
  });

  it('writes dates as dates on the wall clock of the organization, zone in the header', async () => {
    const sheet = await openXlsx((await buildExport(ledgerRequest('xlsx', MEXICO))).body);
    expect(sheet.getCell('A1').value).toBe('Fecha (America/Mexico_City)');
    expect(sheet.getCell('A2').value).toEqual(new Date('2026-11-25T10:40:05.000Z'));
    expect(sheet.getCell('A2').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet.getCell('A3').value).toEqual(new Date('2026-06-30T21:00:00.000Z'));
    expect(sheet.getCell('A5').value).toBe('not a date');
  });

  it('makes the header row bold, frozen and filterable, with column widths', async () => {
    const sheet = await openXlsx((await buildExport(ledgerRequest('xlsx', MEXICO))).body);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Fecha (America/Mexico_City)',
      'Activo',
      'Monto',
      'Comisión',
      'Nota',
    ]);
    expect(sheet.getCell('B1').font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual('Fecha (America/Mexico_City)'.length);
    expect(sheet.getColumn(5).width).toBeGreaterThanOrEqual(12);
  });
});

describe('CSV export for a finance team', () => {
  it('writes headers in the reader language, local dates with their offset, amounts as text', async () => {
    const reader = { locale: 'zh', timezone: 'America/Mexico_City' } as const;
    const file = await buildExport(ledgerRequest('csv', reader));
    const [header, first, second, , last] = await parseCsv(file.body.toString('utf8').slice(1));
    expect(header).toEqual(['日期 (America/Mexico_City)', '资产', '金额', '手续费', '备注']);
    expect(first).toEqual(['2026-11-25T10:40:05-06:00', 'USD', '-1234.50', '0.25', 'a']);
    expect(second?.[0]).toBe('2026-06-30T21:00:00-06:00');
    expect(second?.[2]).toBe('0.00012345');
    expect(last).toEqual(['not a date', 'USD', '12345678901234.56', '', '']);
  });

  it('shows daylight saving time and UTC offsets as they were', async () => {
    const file = await buildExport(
      ledgerRequest('csv', { locale: 'en', timezone: 'America/New_York' }),
    );
    const [, first, second] = await parseCsv(file.body.toString('utf8').slice(1));
    expect(first?.[0]).toBe('2026-11-25T11:40:05-05:00');
    expect(second?.[0]).toBe('2026-06-30T23:00:00-04:00');
    const utc = await buildExport(ledgerRequest('csv', UTC_EN));
    const [, utc_first] = await parseCsv(utc.body.toString('utf8').slice(1));
    expect(utc_first?.[0]).toBe('2026-11-25T16:40:05+00:00');
  });
});
