import { renderReceiptPdf as renderReceipt, type ReceiptTone } from '@platform/documents';
import { maskAccount, type PayoutRecord } from '../domain/payout-record';
import { RECEIPT_LABELS, type ReceiptLocale } from './receipt-labels';

const PLATFORM_NAME = 'Payments Platform';

export async function renderReceiptPdf(
  record: PayoutRecord,
  locale: ReceiptLocale,
  options: { organization_name: string | null },
): Promise<Buffer> {
  const labels = RECEIPT_LABELS[locale];
  const issuer = options.organization_name
    ? `${PLATFORM_NAME} · ${options.organization_name}`
    : PLATFORM_NAME;
  const beneficiary = record.beneficiary;
  const account = maskAccount(beneficiary.account_number ?? beneficiary.phone) ?? '—';
  return renderReceipt({
    locale,
    document_title: `${labels.title} ${record.payout_id}`,
    platform_name: PLATFORM_NAME,
    issuer_line: `${labels.platform}: ${issuer}`,
    title: labels.title,
    status: { text: labels.statuses[record.status] ?? record.status, tone: toneOf(record.status) },
    rows: [
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
    ],
    footer: labels.footer,
  });
}

function toneOf(status: string): ReceiptTone {
  switch (status) {
    case 'completed':
      return 'success';
    case 'failed':
      return 'failure';
    default:
      return 'pending';
  }
}
