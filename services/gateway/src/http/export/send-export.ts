import { DomainError } from '@platform/contracts';
import { stringify } from 'csv-stringify';
import { loadExcelJs } from '@platform/documents';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { MoneyUnit } from '@platform/money';
import type { Locale } from '../locale/resolve-locale';
import {
  amountDecimals,
  amountNumberFormat,
  localIsoDateTime,
  spreadsheetDate,
  spreadsheetNumber,
  XLSX_DATE_FORMAT,
} from './export-cells';
import { attachmentDisposition, attachmentName } from './send-attachment';

/** Spec section 8: an export holds at most this many rows per download. */
export const EXPORT_ROW_LIMIT = 10_000;
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;

/** What a client reads of `format` in the OpenAPI document of every exporting listing. */
export const EXPORT_FORMAT_DESCRIPTION =
  '`csv` or `xlsx`: the listing as a file of up to 10,000 rows (`X-Export-Truncated: true` ' +
  'beyond) instead of a page. Headers in the reader language (`lang`, `locale`, the profile, ' +
  'the organization, `Accept-Language`; `Content-Language` tells). Dates in the organization ' +
  'time zone, named in the header: ISO 8601 with the offset in CSV, date cells in XLSX. ' +
  'Amounts: decimal strings in CSV, number cells with the decimals of their asset in XLSX.';
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A cell as the listing has it: amounts are decimal strings, dates ISO 8601 instants. */
export type ExportCell = string | number | boolean | null | undefined;

/** A header in each language of the platform, or one text for all (a machine-read file). */
export type ExportHeader = string | Readonly<Record<Locale, string>>;

/**
 * What a column holds. `text` (the default) as it is; `date` an ISO 8601 instant, shown in the
 * organization's time zone; `amount` a decimal string in the asset or currency named by the
 * row's `unit_column` (or the fixed `unit`), a number cell in a spreadsheet.
 */
export type ExportColumnKind<TKey extends string> =
  | { kind?: 'text' }
  | { kind: 'date' }
  | { kind: 'amount'; unit_column: TKey }
  | { kind: 'amount'; unit: MoneyUnit };

export type ExportColumn<TKey extends string = string> = {
  key: TKey;
  header: ExportHeader;
} & ExportColumnKind<TKey>;

/** Who reads the file: the language of its headers and the time zone of its dates. */
export interface ExportReader {
  locale: Locale;
  /** IANA name: the organization's time zone. */
  timezone: string;
}

export interface ExportRequest<TKey extends string = string> {
  format: ExportFormat;
  /** Without extension; it is sanitized for the Content-Disposition header. */
  filename: string;
  columns: ReadonlyArray<ExportColumn<TKey>>;
  /** Ordered as they should appear (newest first); rows beyond the limit are left out. */
  rows: ReadonlyArray<Readonly<Record<TKey, ExportCell>>>;
  reader: ExportReader;
}

export interface ExportFile {
  content_type: string;
  content_disposition: string;
  body: Buffer;
  truncated: boolean;
}

/**
 * The query fields of a listing that exports: `format`, and the language of the headers
 * (`lang`, then `locale`; an unknown language is ignored, as for every document).
 */
export const EXPORT_QUERY_FIELDS = {
  format: z.string().optional().describe(EXPORT_FORMAT_DESCRIPTION),
  lang: z.string().max(64).optional().describe('language of the export headers: en, es or zh'),
  locale: z.string().max(64).optional().describe('a locale such as es-MX, when lang is absent'),
};

/** `?format=` of a listing: undefined for JSON, the export format, or invalid_request. */
export function parseExportFormat(value: unknown): ExportFormat | undefined {
  if (value === undefined || value === '' || value === 'json') return undefined;
  const format = EXPORT_FORMATS.find((candidate) => candidate === value);
  if (!format) throw new DomainError('invalid_request', 'format must be csv or xlsx');
  return format;
}

/**
 * The one way a route answers an export. The handler takes `@Res({ passthrough: true })` and
 * RETURNS what this resolves to: the headers are set here and Nest sends the body. Nest sends
 * whatever a passthrough handler returns (undefined too), so a helper that also sent the body
 * would answer twice (FST_ERR_REP_ALREADY_SENT in the log, and the second reply lost).
 */
export async function exportBody<TKey extends string>(
  reply: FastifyReply,
  request: ExportRequest<TKey>,
): Promise<Buffer> {
  const file = await buildExport(request);
  if (file.truncated) void reply.header('X-Export-Truncated', 'true');
  void reply
    .header('Content-Type', file.content_type)
    .header('Content-Disposition', file.content_disposition)
    .header('Content-Language', request.reader.locale)
    .header('Cache-Control', 'no-store');
  return file.body;
}

export async function buildExport<TKey extends string>(
  request: ExportRequest<TKey>,
): Promise<ExportFile> {
  const rows = request.rows.slice(0, EXPORT_ROW_LIMIT);
  const sheet = { columns: request.columns, rows, reader: request.reader };
  const body = await renderExport(request.format, sheet);
  return {
    content_type: EXPORT_CONTENT_TYPES[request.format],
    content_disposition: contentDisposition(request.filename, request.format),
    body,
    truncated: request.rows.length > EXPORT_ROW_LIMIT,
  };
}

interface Sheet<TKey extends string> {
  columns: ReadonlyArray<ExportColumn<TKey>>;
  rows: ReadonlyArray<Readonly<Record<TKey, ExportCell>>>;
  reader: ExportReader;
}

function renderExport<TKey extends string>(
  format: ExportFormat,
  sheet: Sheet<TKey>,
): Promise<Buffer> {
  switch (format) {
    case 'csv':
      return renderCsv(sheet);
    case 'xlsx':
      return renderXlsx(sheet);
    default: {
      const never: never = format;
      throw new Error(`unknown export format ${String(never)}`);
    }
  }
}

/** The header of `column` in the reader's language; a date column names its time zone. */
function headerText<TKey extends string>(column: ExportColumn<TKey>, reader: ExportReader): string {
  const text = typeof column.header === 'string' ? column.header : column.header[reader.locale];
  return column.kind === 'date' ? `${text} (${reader.timezone})` : text;
}

function renderCsv<TKey extends string>({ columns, rows, reader }: Sheet<TKey>): Promise<Buffer> {
  const records = rows.map((row) =>
    Object.fromEntries(columns.map((column) => [column.key, csvCell(column, row, reader)])),
  );
  const options = {
    // The BOM lets spreadsheet programs read translated (es, zh) headers as UTF-8.
    bom: true,
    header: true,
    columns: columns.map((column) => ({ key: column.key, header: headerText(column, reader) })),
    record_delimiter: 'windows' as const,
  };
  return new Promise((resolve, reject) => {
    stringify(records, options, (error, output) =>
      error ? reject(error) : resolve(Buffer.from(output, 'utf8')),
    );
  });
}

/** A CSV field: dates in the organization's time zone with their offset, amounts as sent. */
function csvCell<TKey extends string>(
  column: ExportColumn<TKey>,
  row: Readonly<Record<TKey, ExportCell>>,
  reader: ExportReader,
): string {
  const value = row[column.key];
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (column.kind === 'date') return localIsoDateTime(text, reader.timezone) ?? safeText(text);
  return safeText(text);
}

// A cell a spreadsheet would run as a formula is prefixed with a quote (CSV injection);
// signed decimal amounts such as -10.50 are data and stay as they are.
function safeText(text: string): string {
  if (/^[=@\t\r]/.test(text) || /^[+-](?!\d+(\.\d+)?$)/.test(text)) return `'${text}`;
  return text;
}

async function renderXlsx<TKey extends string>({
  columns,
  rows,
  reader,
}: Sheet<TKey>): Promise<Buffer> {
  const { Workbook } = await loadExcelJs();
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet('export', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: headerText(column, reader),
    key: column.key,
    width: columnWidth(column, reader, rows),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const added = sheet.addRow([]);
    columns.forEach((column, index) => {
      const cell = added.getCell(index + 1);
      const { value, num_fmt } = xlsxCell(column, row, reader);
      cell.value = value;
      if (num_fmt) cell.numFmt = num_fmt;
    });
  }
  if (columns.length > 0)
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

interface XlsxCell {
  value: string | number | boolean | Date | null;
  num_fmt?: string;
}

/** A spreadsheet cell: a number for an amount, a date for an instant, text otherwise. */
function xlsxCell<TKey extends string>(
  column: ExportColumn<TKey>,
  row: Readonly<Record<TKey, ExportCell>>,
  reader: ExportReader,
): XlsxCell {
  const value = row[column.key];
  if (value === null || value === undefined) return { value: null };
  if (typeof value !== 'string') return { value };
  if (column.kind === 'date') {
    const date = spreadsheetDate(value, reader.timezone);
    return date ? { value: date, num_fmt: XLSX_DATE_FORMAT } : { value };
  }
  if (column.kind === 'amount') {
    const number = spreadsheetNumber(value);
    if (number === undefined) return { value };
    const unit = 'unit' in column ? column.unit : row[column.unit_column];
    return { value: number, num_fmt: amountNumberFormat(amountDecimals(value, unit)) };
  }
  return { value };
}

const MIN_WIDTH = 12;
const MAX_WIDTH = 60;
const DATE_WIDTH = 20;
/** Rows looked at to size a column: enough to see its usual width, cheap at 10,000 rows. */
const WIDTH_SAMPLE_ROWS = 200;

function columnWidth<TKey extends string>(
  column: ExportColumn<TKey>,
  reader: ExportReader,
  rows: ReadonlyArray<Readonly<Record<TKey, ExportCell>>>,
): number {
  const widest = rows
    .slice(0, WIDTH_SAMPLE_ROWS)
    .reduce((width, row) => Math.max(width, String(row[column.key] ?? '').length), 0);
  const content = column.kind === 'date' ? DATE_WIDTH : widest;
  const header = headerText(column, reader).length;
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, header, content) + 2);
}

/** `attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266). */
export function contentDisposition(filename: string, format: ExportFormat): string {
  const base = attachmentName(filename, 'export');
  return attachmentDisposition(
    base.toLowerCase().endsWith(`.${format}`) ? base : `${base}.${format}`,
  );
}
