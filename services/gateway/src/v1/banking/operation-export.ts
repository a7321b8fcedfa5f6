import type { BankOperationResource } from '@platform/contracts';
import type { ExportCell, ExportColumn } from '../../http';

type OperationExportKey = keyof Pick<
  BankOperationResource,
  | 'operation_id'
  | 'created_at'
  | 'type'
  | 'status'
  | 'currency'
  | 'amount'
  | 'fee'
  | 'bank_account_id'
  | 'third_party_id'
  | 'failure_code'
  | 'idempotency_key'
>;

/** Columns of `GET /v1/banking/operations?format=csv|xlsx`; amounts stay decimal strings. */
export const OPERATION_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<OperationExportKey>> = [
  { key: 'operation_id', header: 'Operation ID' },
  { key: 'created_at', header: 'Created at' },
  { key: 'type', header: 'Type' },
  { key: 'status', header: 'Status' },
  { key: 'currency', header: 'Currency' },
  { key: 'amount', header: 'Amount' },
  { key: 'fee', header: 'Fee' },
  { key: 'bank_account_id', header: 'Bank account ID' },
  { key: 'third_party_id', header: 'Third party ID' },
  { key: 'failure_code', header: 'Failure code' },
  { key: 'idempotency_key', header: 'Idempotency key' },
];

export function operationExportRow(
  operation: BankOperationResource,
): Record<OperationExportKey, ExportCell> {
  return Object.fromEntries(
    OPERATION_EXPORT_COLUMNS.map(({ key }) => [key, operation[key] ?? null]),
  ) as Record<OperationExportKey, ExportCell>;
}
