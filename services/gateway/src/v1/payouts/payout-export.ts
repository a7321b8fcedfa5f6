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

/**
 * Columns of `GET /v1/payouts?format=csv|xlsx`, headers in each language. Amounts stay decimal
 * strings (number cells in XLSX, with the decimals of their currency or asset).
 */
export const PAYOUT_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<PayoutExportKey>> = [
  { key: 'payout_id', header: { en: 'Payout ID', es: 'ID del pago', zh: '付款编号' } },
  {
    key: 'created_at',
    header: { en: 'Created at', es: 'Fecha de creación', zh: '创建时间' },
    kind: 'date',
  },
  { key: 'status', header: { en: 'Status', es: 'Estado', zh: '状态' } },
  { key: 'status_code', header: { en: 'Status code', es: 'Código de estado', zh: '状态代码' } },
  { key: 'country', header: { en: 'Country', es: 'País', zh: '国家' } },
  { key: 'currency', header: { en: 'Currency', es: 'Moneda', zh: '币种' } },
  { key: 'method', header: { en: 'Method', es: 'Método', zh: '方式' } },
  {
    key: 'local_amount',
    header: { en: 'Local amount', es: 'Monto local', zh: '本地金额' },
    kind: 'amount',
    unit_column: 'currency',
  },
  {
    key: 'settlement_asset',
    header: { en: 'Settlement asset', es: 'Activo de liquidación', zh: '结算资产' },
  },
  {
    key: 'total_debit',
    header: { en: 'Total debit', es: 'Débito total', zh: '扣款总额' },
    kind: 'amount',
    unit_column: 'settlement_asset',
  },
  {
    key: 'usdt_amount',
    header: { en: 'USDT amount', es: 'Monto en USDT', zh: 'USDT 金额' },
    kind: 'amount',
    unit: 'USDT',
  },
  { key: 'rate', header: { en: 'Rate', es: 'Tipo de cambio', zh: '汇率' } },
  { key: 'beneficiary', header: { en: 'Beneficiary', es: 'Beneficiario', zh: '收款人' } },
  {
    key: 'bank_reference',
    header: { en: 'Bank reference', es: 'Referencia bancaria', zh: '银行参考号' },
  },
  {
    key: 'idempotency_key',
    header: { en: 'Idempotency key', es: 'Clave de idempotencia', zh: '幂等键' },
  },
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
