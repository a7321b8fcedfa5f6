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

/**
 * Columns of `GET /v1/banking/operations?format=csv|xlsx`, headers in each language. Amounts
 * stay decimal strings (number cells in XLSX, with the decimals of their currency).
 */
export const OPERATION_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<OperationExportKey>> = [
  { key: 'operation_id', header: { en: 'Operation ID', es: 'ID de la operación', zh: '操作编号' } },
  {
    key: 'created_at',
    header: { en: 'Created at', es: 'Fecha de creación', zh: '创建时间' },
    kind: 'date',
  },
  { key: 'type', header: { en: 'Type', es: 'Tipo', zh: '类型' } },
  { key: 'status', header: { en: 'Status', es: 'Estado', zh: '状态' } },
  { key: 'currency', header: { en: 'Currency', es: 'Moneda', zh: '币种' } },
  {
    key: 'amount',
    header: { en: 'Amount', es: 'Monto', zh: '金额' },
    kind: 'amount',
    unit_column: 'currency',
  },
  {
    key: 'fee',
    header: { en: 'Fee', es: 'Comisión', zh: '手续费' },
    kind: 'amount',
    unit_column: 'currency',
  },
  {
    key: 'bank_account_id',
    header: { en: 'Bank account ID', es: 'ID de la cuenta bancaria', zh: '银行账户编号' },
  },
  {
    key: 'third_party_id',
    header: { en: 'Third party ID', es: 'ID del tercero', zh: '第三方编号' },
  },
  { key: 'failure_code', header: { en: 'Failure code', es: 'Código de error', zh: '失败代码' } },
  {
    key: 'idempotency_key',
    header: { en: 'Idempotency key', es: 'Clave de idempotencia', zh: '幂等键' },
  },
];

export function operationExportRow(
  operation: BankOperationResource,
): Record<OperationExportKey, ExportCell> {
  return Object.fromEntries(
    OPERATION_EXPORT_COLUMNS.map(({ key }) => [key, operation[key] ?? null]),
  ) as Record<OperationExportKey, ExportCell>;
}
