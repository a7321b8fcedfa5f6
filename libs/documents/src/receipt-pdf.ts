import { loadPdfKit } from './document-libraries';
import { documentFonts } from './fonts';

/** How a receipt's status line reads: done, failed, or still on its way. */
export type ReceiptTone = 'success' | 'failure' | 'pending';

/** A receipt already in its reader's language: the renderer only lays it out. */
export interface ReceiptDocument {
  /** en, es or zh: picks the fonts that can draw it. */
  locale: string;
  /** The PDF's Title metadata. */
  document_title: string;
  platform_name: string;
  /** "Issued by: ..." */
  issuer_line: string;
  title: string;
  status: { text: string; tone: ReceiptTone };
  /** Label and value pairs, top to bottom. */
  rows: readonly (readonly [string, string])[];
  footer: string;
}

const PAGE_MARGIN = 56;
const PAGE_RIGHT = 539;
const LABEL_WIDTH = 150;
const VALUE_X = 216;

/**
 * Renders a one-page A4 receipt (payouts, payins): platform, title, status, a table of label and
 * value rows, a footer. The Chinese font ships in the repository, so every locale draws as asked.
 */
export async function renderReceiptPdf(receipt: ReceiptDocument): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const fonts = documentFonts(receipt.locale);
  const document = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    info: { Title: receipt.document_title, Author: receipt.platform_name },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  document.font(fonts.bold).fontSize(20).fillColor('#111111').text(receipt.platform_name);
  document.font(fonts.regular).fontSize(10).fillColor('#555555').text(receipt.issuer_line);
  document.moveDown(1.2);
  document.font(fonts.bold).fontSize(16).fillColor('#111111').text(receipt.title);
  document.moveDown(0.3);
  document
    .font(fonts.bold)
    .fontSize(12)
    .fillColor(TONE_COLORS[receipt.status.tone])
    .text(receipt.status.text);
  document.moveDown(0.8);
  rule(document);

  for (const [label, value] of receipt.rows) {
    const y = document.y;
    document
      .font(fonts.regular)
      .fontSize(10)
      .fillColor('#555555')
      .text(label, PAGE_MARGIN, y, { width: LABEL_WIDTH });
    const label_bottom = document.y;
    document
      .font(fonts.bold)
      .fontSize(10)
      .fillColor('#111111')
      .text(value, VALUE_X, y, { width: PAGE_RIGHT - VALUE_X });
    // A long label wraps too: the next row starts below whichever column is taller.
    document.y = Math.max(document.y, label_bottom);
    document.moveDown(0.6);
  }
  rule(document);
  document.moveDown(0.5);
  document
    .font(fonts.regular)
    .fontSize(8)
    .fillColor('#777777')
    .text(receipt.footer, PAGE_MARGIN, document.y, { width: PAGE_RIGHT - PAGE_MARGIN });
  document.end();
  return finished;
}

const TONE_COLORS: Record<ReceiptTone, string> = {
  success: '#1a7f37',
  failure: '#b42318',
  pending: '#9a6700',
};

function rule(document: PDFKit.PDFDocument): void {
  const y = document.y + 4;
  document
    .moveTo(PAGE_MARGIN, y)
    .lineTo(PAGE_RIGHT, y)
    .lineWidth(0.5)
    .strokeColor('#cccccc')
    .stroke();
  document.moveDown(0.8);
  document.x = PAGE_MARGIN;
}
