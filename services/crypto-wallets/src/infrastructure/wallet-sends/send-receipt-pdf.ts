import { renderReceiptPdf, type ReceiptTone } from '@platform/documents';
import { NATIVE_COINS } from '../../domain/chains/chain';
import type { WalletSend, WalletSendStatus } from '../../domain/wallet-sends/wallet-send';
import { SEND_RECEIPT_LABELS, type ReceiptLocale } from './send-receipt-labels';

const PLATFORM_NAME = 'Payments Platform';

const TONE: Record<WalletSendStatus, ReceiptTone> = {
  pending: 'pending',
  broadcast: 'pending',
  completed: 'success',
  failed: 'failure',
};

/** What the receipt says beyond the send: when it happened and who issued it. */
export interface SendReceiptFacts {
  send: WalletSend;
  wallet_label: string | null;
  created_at: string;
  organization_name: string | null;
}

/** The receipt of a segregated wallet's send, in the reader's language. */
export function renderSendReceiptPdf(
  facts: SendReceiptFacts,
  locale: ReceiptLocale,
): Promise<Buffer> {
  const labels = SEND_RECEIPT_LABELS[locale];
  const { send } = facts;
  const issuer = facts.organization_name
    ? `${PLATFORM_NAME} · ${facts.organization_name}`
    : PLATFORM_NAME;
  const rows: [string, string][] = [
    [labels.receipt_number, send.send_id],
    [labels.date, `${facts.created_at.slice(0, 19).replace('T', ' ')}`],
    [labels.network, labels.networks[send.chain]],
    [labels.wallet, facts.wallet_label ?? send.wallet_id],
    [labels.from_address, send.from_address],
    [labels.to_address, send.to_address],
    [labels.amount, `${send.amount} ${send.asset}`],
    [labels.network_fee, `${send.network_fee} ${NATIVE_COINS[send.chain]}`],
    [labels.transaction, send.tx_id ?? labels.not_yet_on_chain],
    [labels.your_reference, send.idempotency_key],
  ];
  return renderReceiptPdf({
    locale,
    document_title: `${labels.title} ${send.send_id}`,
    platform_name: PLATFORM_NAME,
    issuer_line: `${labels.issued_by}: ${issuer}`,
    title: labels.title,
    status: { text: labels.status[send.status], tone: TONE[send.status] },
    rows,
    footer: labels.footer,
  });
}
