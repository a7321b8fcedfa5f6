import PDFDocument from 'pdfkit';
import { documentFonts } from '@platform/documents';
import { maskAccount, type PayoutRecord } from '../domain/payout-record';
import { RECEIPT_LABELS, type ReceiptLocale } from './receipt-labels';

const PLATFORM_NAME = 'Payments Platform';

export async function renderReceiptPdf(
  record: PayoutRecord,
  requested: ReceiptLocale,
  options: { organization_name: string | null },
): Promise<Buffer> {
  // The Chinese font ships in the repository (libs/documents), so every locale draws as asked.
  const locale = requested;
  const fonts = documentFonts(locale);
  const labels = RECEIPT_LABELS[locale];
  const document = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${labels.title} ${record.payout_id}`, Author: PLATFORM_NAME },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  const issuer = options.organization_name
    ? `${PLATFORM_NAME} · ${options.organization_name}`
    : PLATFORM_NAME;
  document.font(fonts.bold).fontSize(20).fillColor('#111111').text(PLATFORM_NAME);
  document
    .font(fonts.regular)
    .fontSize(10)
    .fillColor('#555555')
    .text(`${labels.platform}: ${issuer}`);
  document.moveDown(1.2);
  document.font(fonts.bold).fontSize(16).fillColor('#111111').text(labels.title);
  document.moveDown(0.3);
  const status = labels.statuses[record.status] ?? record.status;
  document.font(fonts.bold).fontSize(12).fillColor(statusColor(record.status)).text(status);
  document.moveDown(0.8);
  rule(document);

  const beneficiary = record.beneficiary;
  const account = maskAccount(beneficiary.account_number ?? beneficiary.phone) ?? '—';
  const rows: [string, string][] = [
    [labels.payout_id, record.payout_id],
    [labels.date, record.created_at.replace('T', ' ').replace(/\.\d+Z$/, '')],
    [labels.beneficiary, beneficiary.name ?? '—'],
    [labels.account, account],
    [labels.destination, `${record.country} · ${record.method} · ${record.currency}`],
    [labels.amount_paid, `${record.local_amount} ${record.currency}`],
    [
      labels.rate,
      `1 ${record.settlement_asset} = ${record.rate} ${record.currency} (${record.rate_source})`,
    ],
    [labels.fee, `${record.fee} ${record.settlement_asset}`],
    [labels.total_debit, `${record.total_debit} ${record.settlement_asset}`],
    [labels.reference, record.bank_reference || labels.pending_reference],
    [labels.idempotency_key, record.idempotency_key],
  ];
  for (const [label, value] of rows) {
    const y = document.y;
    document
      .font(fonts.regular)
      .fontSize(10)
      .fillColor('#555555')
      .text(label, 56, y, { width: 150 });
    document.font(fonts.bold).fontSize(10).fillColor('#111111').text(value, 216, y, { width: 323 });
    document.moveDown(0.6);
  }
  rule(document);
  document.moveDown(0.5);
  document
    .font(fonts.regular)
    .fontSize(8)
    .fillColor('#777777')
    .text(labels.footer, 56, document.y, {
      width: 483,
    });
  document.end();
  return finished;
}

function rule(document: PDFKit.PDFDocument): void {
  const y = document.y + 4;
  document.moveTo(56, y).lineTo(539, y).lineWidth(0.5).strokeColor('#cccccc').stroke();
  document.moveDown(0.8);
  document.x = 56;
}

function statusColor(status: string): string {
  switch (status) {
    case 'completed':
      return '#1a7f37';
    case 'failed':
      return '#b42318';
    default:
      return '#9a6700';
  }
}
