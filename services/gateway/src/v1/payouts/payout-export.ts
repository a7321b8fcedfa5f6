import type { PayoutResource } from '@platform/contracts';
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

export function payoutExportRow(payout: PayoutResource): Record<PayoutExportKey, ExportCell> {
  return {
    payout_id: payout.payout_id,
    created_at: payout.created_at,
    status: payout.status,
    status_code: payout.status_code,
    country: payout.country,
    currency: payout.currency,
    method: payout.method,
    local_amount: payout.local_amount,
    settlement_asset: payout.settlement_asset,
    total_debit: payout.total_debit,
    usdt_amount: payout.usdt_amount,
    rate: payout.rate,
    beneficiary: payout.beneficiary.name,
    bank_reference: payout.bank_reference,
    idempotency_key: payout.idempotency_key,
  };
}
