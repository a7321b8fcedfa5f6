import { renderReceiptPdf } from '@platform/documents';
import { refundStatusOf } from '../application/payin-view';
import { moneyText } from '../domain/stored-amounts';
import type { Payin } from '../domain/payin';
import {
  PAYIN_RECEIPT_LABELS,
  type PayinReceiptLabels,
  type ReceiptLocale,
} from './receipt-labels';

const PLATFORM_NAME = 'Payments Platform';

/** What a receipt says beyond the payin row: who received it, and what the payer paid. */
export interface PayinReceiptFacts {
  payin: Payin;
  recipient_name: string | null;
  organization_name: string | null;
  /** A checkout link's payment: the method, amount and currency the payer chose. */
  paid_with: Pick<Payin, 'method' | 'country' | 'currency' | 'local_amount'> | null;
  /** A deposit's account number, masked to its last four digits. */
  deposit_account_number: string | null;
}

/** The receipt of money received: a credited payin, in the reader's language. */
export function renderPayinReceiptPdf(
  facts: PayinReceiptFacts,
  locale: ReceiptLocale,
): Promise<Buffer> {
  const labels = PAYIN_RECEIPT_LABELS[locale];
  const { payin } = facts;
  const issuer = facts.organization_name
    ? `${PLATFORM_NAME} · ${facts.organization_name}`
    : PLATFORM_NAME;
  return renderReceiptPdf({
    locale,
    document_title: `${labels.title} ${payin.payin_id}`,
    platform_name: PLATFORM_NAME,
    issuer_line: `${labels.issued_by}: ${issuer}`,
    title: labels.title,
    status: payin.settlement_pending
      ? { text: labels.received_settlement_scheduled, tone: 'pending' }
      : { text: labels.received, tone: 'success' },
    rows: receiptRows(facts, labels),
    footer: labels.footer,
  });
}

function receiptRows(facts: PayinReceiptFacts, labels: PayinReceiptLabels): [string, string][] {
  const { payin } = facts;
  const paid = facts.paid_with ?? payin;
  const asset = payin.credit_asset ?? '';
  const rows: [string, string][] = [
    [labels.receipt_number, payin.payin_id],
    [labels.reference, payin.reference],
    [labels.date_received, utc(payin.credited_at ?? payin.updated_at)],
    [labels.received_by, facts.recipient_name ?? payin.account_id],
    [labels.paid_by, payerName(payin) ?? '—'],
    [labels.payment_method, methodLine(paid, labels)],
  ];
  if (payin.instrument)
    rows.push([labels.card, `${payin.instrument.brand} •••• ${payin.instrument.last4}`]);
  if (facts.deposit_account_number)
    rows.push([labels.deposit_account, facts.deposit_account_number]);
  rows.push(
    [labels.amount_received, `${moneyText(paid.currency, paid.local_amount)} ${paid.currency}`],
    [labels.rate, `1 ${asset} = ${payin.fx_rate ?? '1'} ${paid.currency}`],
    [labels.fee, `${moneyText(asset, payin.fee ?? '0')} ${asset}`],
    [labels.amount_credited, `${moneyText(asset, payin.credited_amount)} ${asset}`],
    [labels.settlement, settlementLine(payin, labels)],
  );
  if (refundStatusOf(payin) !== 'none')
    rows.push([labels.refunded, `${moneyText(asset, payin.refunded_amount)} ${asset}`]);
  if (payin.idempotency_key) rows.push([labels.your_reference, payin.idempotency_key]);
  return rows;
}

function methodLine(
  paid: Pick<Payin, 'method' | 'country' | 'currency'>,
  labels: PayinReceiptLabels,
): string {
  const method = labels.methods[paid.method] ?? paid.method;
  return [method, paid.country, paid.currency].filter(Boolean).join(' · ');
}

function settlementLine(payin: Payin, labels: PayinReceiptLabels): string {
  if (payin.settlement_pending && payin.settle_at)
    return `${labels.settlement_scheduled} ${utc(payin.settle_at)}`;
  return labels.settled;
}

function payerName(payin: Payin): string | null {
  return payin.payer?.name ?? payin.customer?.name ?? null;
}

function utc(date: Date): string {
  return date
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, '');
}
