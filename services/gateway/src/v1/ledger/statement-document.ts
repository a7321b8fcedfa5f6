import type ExcelJS from 'exceljs';
import type { Statement } from '@platform/contracts';
import { documentFonts, loadExcelJs, loadPdfKit } from '@platform/documents';
import type { Locale } from '../../http';
import {
  amountDecimals,
  amountNumberFormat,
  spreadsheetNumber,
} from '../../http/export/export-cells';
import { STATEMENT_LABELS, type StatementLabels } from './statement-labels';

/** What `ledger.get_statement` answers: balances and totals, never the raw movements (§9). */
export type StatementData = Statement;

export const STATEMENT_FORMATS = ['pdf', 'xlsx'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const STATEMENT_CONTENT_TYPES: Readonly<Record<StatementFormat, string>> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Every locale has a font now (libs/documents ships the Chinese one): kept for the controller's header. */
export function drawableLocale(locale: Locale, _format: StatementFormat): Locale {
  return locale;
}

/** Rows shown: assets that moved or hold a balance, or all ten when none did. */
function shownBalances(data: StatementData) {
  const moved = data.balances.filter((row) => /[1-9]/.test(row.opening + row.closing));
  return moved.length > 0 ? moved : data.balances;
}

export function renderStatement(
  data: StatementData,
  format: StatementFormat,
  locale: Locale,
): Promise<Buffer> {
  switch (format) {
    case 'pdf':
      return renderPdf(data, locale);
    case 'xlsx':
      return renderXlsx(data, STATEMENT_LABELS[locale]);
    default: {
      const never: never = format;
      throw new Error(`unknown statement format ${String(never)}`);
    }
  }
}

async function renderPdf(data: StatementData, locale: Locale): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const labels = STATEMENT_LABELS[locale];
  const font = documentFonts(locale).regular;
  const document = new PDFDocument({ size: 'A4', margin: 56, info: { Title: labels.title } });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });
  document.font(font).fontSize(18).text(labels.title);
  document.moveDown(0.5).fontSize(10);
  document.text(`${labels.account}: ${data.account_id}`);
  document.text(`${labels.period}: ${data.from} – ${data.to}`);
  document.text(`${labels.timezone}: ${data.timezone}`);
  document.text(`${labels.generated}: ${new Date().toISOString()}`);
  document.moveDown().fontSize(13).text(labels.balances).fontSize(10);
  for (const row of shownBalances(data)) {
    document.text(
      `${row.asset}    ${labels.opening}: ${row.opening}    ${labels.closing}: ${row.closing}`,
    );
  }
  document.moveDown().fontSize(13).text(labels.totals_by_kind).fontSize(10);
  if (data.totals_by_kind.length === 0) document.text(labels.nothing);
  for (const row of data.totals_by_kind) {
    document.text(
      `${row.kind} · ${row.asset}    ${labels.credits}: ${row.credits}    ` +
        `${labels.debits}: ${row.debits}    ${labels.count}: ${row.count}`,
    );
  }
  document.end();
  return finished;
}

async function renderXlsx(data: StatementData, labels: StatementLabels): Promise<Buffer> {
  const { Workbook } = await loadExcelJs();
  const workbook = new Workbook();
  const summary = workbook.addWorksheet(labels.balances);
  summary.addRow([labels.title]).font = { bold: true, size: 14 };
  summary.addRow([labels.account, data.account_id]);
  summary.addRow([labels.period, `${data.from} – ${data.to}`]);
  summary.addRow([labels.timezone, data.timezone]);
  summary.addRow([]);
  summary.addRow([labels.asset, labels.opening, labels.closing]).font = { bold: true };
  for (const row of data.balances) {
    addAmountRow(summary, [row.asset], row.asset, [row.opening, row.closing]);
  }
  summary.columns.forEach((column) => (column.width = 22));
  const totals = workbook.addWorksheet(labels.totals_by_kind);
  totals.addRow([labels.kind, labels.asset, labels.credits, labels.debits, labels.count]).font = {
    bold: true,
  };
  totals.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of data.totals_by_kind) {
    addAmountRow(totals, [row.kind, row.asset], row.asset, [row.credits, row.debits], row.count);
  }
  totals.columns.forEach((column) => (column.width = 18));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Text cells, then amounts as number cells with the asset's decimals (text if not exact), then a count. */
function addAmountRow(
  sheet: ExcelJS.Worksheet,
  texts: readonly string[],
  asset: string,
  amounts: readonly string[],
  count?: number,
): void {
  const format = amountNumberFormat(amountDecimals(amounts[0] ?? '', asset));
  const row = sheet.addRow([
    ...texts,
    ...amounts.map((amount) => spreadsheetNumber(amount) ?? amount),
    ...(count === undefined ? [] : [count]),
  ]);
  amounts.forEach((_, index) => (row.getCell(texts.length + index + 1).numFmt = format));
}
