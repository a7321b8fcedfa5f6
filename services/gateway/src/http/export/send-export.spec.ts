import { parseString } from '@fast-csv/parse';
import { DomainError } from '@platform/contracts';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import {
  EXPORT_ROW_LIMIT,
  buildExport,
  contentDisposition,
  parseExportFormat,
  sendExport,
  type ExportRequest,
} from './send-export';

type Key = 'id' | 'amount' | 'description';

const columns = [
  { key: 'id', header: 'ID' },
  { key: 'amount', header: 'Importe' },
  { key: 'description', header: '描述' },
] as const;

const rows: Array<Record<Key, string | null>> = [
  { id: 'mv_2', amount: '-10.50', description: 'fee, "monthly"\nsecond line' },
  { id: 'mv_1', amount: '1000.000001', description: '=HYPERLINK("http://evil")' },
  { id: 'mv_0', amount: '5.00', description: null },
];

function request(
  format: 'csv' | 'xlsx',
  body_rows: ExportRequest<Key>['rows'] = rows,
): ExportRequest<Key> {
  return { format, filename: 'movements', columns, rows: body_rows };
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

describe('sendExport', () => {
  it('answers the file with its headers through a Fastify reply', async () => {
    const server = Fastify();
    server.get('/export', (_request, reply) =>
      sendExport(reply, request('xlsx', manyRows(EXPORT_ROW_LIMIT + 1))),
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
      const sheet = await openXlsx(response.rawPayload);
      expect(sheet.getCell('A2').value).toBe('mv_0');
    } finally {
      await server.close();
    }
  });
});
