import { DomainError } from '@platform/contracts';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { attachmentDisposition, attachmentName } from './send-attachment';

/** Spec section 8: an export holds at most this many rows per download. */
export const EXPORT_ROW_LIMIT = 10_000;
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Amounts stay decimal strings: a spreadsheet number would round them. */
export type ExportCell = string | number | boolean | null | undefined;

export interface ExportColumn<TKey extends string = string> {
  key: TKey;
  /** Already in the reader's language: the caller translates headers. */
  header: string;
}

export interface ExportRequest<TKey extends string = string> {
  format: ExportFormat;
  /** Without extension; it is sanitized for the Content-Disposition header. */
  filename: string;
  columns: ReadonlyArray<ExportColumn<TKey>>;
  /** Ordered as they should appear (newest first); rows beyond the limit are left out. */
  rows: ReadonlyArray<Readonly<Record<TKey, ExportCell>>>;
}

export interface ExportFile {
  content_type: string;
  content_disposition: string;
  body: Buffer;
  truncated: boolean;
}

/** `?format=` of a listing: undefined for JSON, the export format, or invalid_request. */
export function parseExportFormat(value: unknown): ExportFormat | undefined {
  if (value === undefined || value === '' || value === 'json') return undefined;
  const format = EXPORT_FORMATS.find((candidate) => candidate === value);
  if (!format) throw new DomainError('invalid_request', 'format must be csv or xlsx');
  return format;
}

export async function sendExport<TKey extends string>(
  reply: FastifyReply,
  request: ExportRequest<TKey>,
): Promise<FastifyReply> {
  const file = await buildExport(request);
  if (file.truncated) void reply.header('X-Export-Truncated', 'true');
  return reply
    .header('Content-Type', file.content_type)
    .header('Content-Disposition', file.content_disposition)
    .header('Cache-Control', 'no-store')
    .send(file.body);
}

export async function buildExport<TKey extends string>(
  request: ExportRequest<TKey>,
): Promise<ExportFile> {
  const rows = request.rows.slice(0, EXPORT_ROW_LIMIT);
  const body = await renderExport(request.format, request.columns, rows);
  return {
    content_type: EXPORT_CONTENT_TYPES[request.format],
    content_disposition: contentDisposition(request.filename, request.format),
    body,
    truncated: request.rows.length > EXPORT_ROW_LIMIT,
  };
}

function renderExport<TKey extends string>(
  format: ExportFormat,
  columns: ReadonlyArray<ExportColumn<TKey>>,
  rows: ReadonlyArray<Readonly<Record<TKey, ExportCell>>>,
): Promise<Buffer> {
  switch (format) {
    case 'csv':
      return renderCsv(columns, rows);
    case 'xlsx':
      return renderXlsx(columns, rows);
    default: {
      const never: never = format;
      throw new Error(`unknown export format ${String(never)}`);
    }
  }
}

function renderCsv<TKey extends string>(
  columns: ReadonlyArray<ExportColumn<TKey>>,
  rows: ReadonlyArray<Readonly<Record<TKey, ExportCell>>>,
): Promise<Buffer> {
  const records = rows.map((row) =>
    Object.fromEntries(columns.map((column) => [column.key, csvCell(row[column.key])])),
  );
  const options = {
    // The BOM lets spreadsheet programs read translated (es, zh) headers as UTF-8.
    bom: true,
    header: true,
    columns: columns.map((column) => ({ key: column.key, header: column.header })),
    record_delimiter: 'windows' as const,
  };
  return new Promise((resolve, reject) => {
    stringify(records, options, (error, output) =>
      error ? reject(error) : resolve(Buffer.from(output, 'utf8')),
    );
  });
}

// A cell a spreadsheet would run as a formula is prefixed with a quote (CSV injection);
// signed decimal amounts such as -10.50 are data and stay as they are.
function csvCell(value: ExportCell): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (/^[=@\t\r]/.test(text) || /^[+-](?!\d+(\.\d+)?$)/.test(text)) return `'${text}`;
  return text;
}

async function renderXlsx<TKey extends string>(
  columns: ReadonlyArray<ExportColumn<TKey>>,
  rows: ReadonlyArray<Readonly<Record<TKey, ExportCell>>>,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('export');
  sheet.columns = columns.map((column) => ({
    header: column.header,
    key: column.key,
    width: Math.max(12, column.header.length + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(columns.map((column) => row[column.key] ?? null));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** `attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266). */
export function contentDisposition(filename: string, format: ExportFormat): string {
  const base = attachmentName(filename, 'export');
  return attachmentDisposition(
    base.toLowerCase().endsWith(`.${format}`) ? base : `${base}.${format}`,
  );
}
