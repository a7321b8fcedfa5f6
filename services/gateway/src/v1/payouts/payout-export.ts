import type { ExportCell, ExportColumn } from '../../http';

export type PayoutExportKey =
  | 'payout_id'
  | 'created_at'
  | 'status'
  | 'status_code'
  | 'country'
  | 'currency'
  | 'method'
  | 'local_amount'
  | 'settlement_asset'
  | 'total_debit'
  | 'usdt_amount'
  | 'rate'
  | 'beneficiary'
  | 'bank_reference'
  | 'idempotency_key';

/** Columns of `GET /v1/payouts?format=csv|xlsx`; amounts stay decimal strings. */
export const PAYOUT_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<PayoutExportKey>> = [
  { key: 'payout_id', header: 'Payout ID' },
  { key: 'created_at', header: 'Created at' },
  { key: 'status', header: 'Status' },
  { key: 'status_code', header: 'Status code' },
  { key: 'country', header: 'Country' },
  { key: 'currency', header: 'Currency' },
  { key: 'method', header: 'Method' },
  { key: 'local_amount', header: 'Local amount' },
  { key: 'settlement_asset', header: 'Settlement asset' },
  { key: 'total_debit', header: 'Total debit' },
  { key: 'usdt_amount', header: 'USDT amount' },
  { key: 'rate', header: 'Rate' },
  { key: 'beneficiary', header: 'Beneficiary' },
  { key: 'bank_reference', header: 'Bank reference' },
  { key: 'idempotency_key', header: 'Idempotency key' },
];

const cell = (value: unknown): ExportCell =>
  typeof value === 'string' || typeof value === 'boolean' ? value : null;

export function payoutExportRow(
  payout: Record<string, unknown>,
): Record<PayoutExportKey, ExportCell> {
  const beneficiary = payout.beneficiary as { name?: unknown } | undefined;
  return {
    payout_id: cell(payout.payout_id),
    created_at: cell(payout.created_at),
    status: cell(payout.status),
    status_code: cell(payout.status_code),
    country: cell(payout.country),
    currency: cell(payout.currency),
    method: cell(payout.method),
    local_amount: cell(payout.local_amount),
    settlement_asset: cell(payout.settlement_asset),
    total_debit: cell(payout.total_debit),
    usdt_amount: cell(payout.usdt_amount),
    rate: cell(payout.rate),
    beneficiary: cell(beneficiary?.name),
    bank_reference: cell(payout.bank_reference),
    idempotency_key: cell(payout.idempotency_key),
  };
}
