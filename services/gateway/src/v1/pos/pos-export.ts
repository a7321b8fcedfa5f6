import type { PosChargeView } from '@platform/contracts';
import type { ExportColumn } from '../../http';

export type PosExportKey = keyof PosChargeView;

/**
 * Columns of `GET /v1/pos/charges?format=csv|xlsx`, headers in each language. Amounts stay
 * decimal strings (number cells in XLSX, with the decimals of their currency).
 */
export const POS_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<PosExportKey>> = [
  { key: 'charge_id', header: { en: 'Charge ID', es: 'ID del cobro', zh: '收费编号' } },
  {
    key: 'created_at',
    header: { en: 'Created at', es: 'Fecha de creación', zh: '创建时间' },
    kind: 'date',
  },
  { key: 'terminal_id', header: { en: 'Terminal', es: 'Terminal', zh: '终端' } },
  { key: 'status', header: { en: 'Status', es: 'Estado', zh: '状态' } },
  { key: 'currency', header: { en: 'Currency', es: 'Moneda', zh: '币种' } },
  {
    key: 'amount',
    header: { en: 'Amount', es: 'Monto', zh: '金额' },
    kind: 'amount',
    unit_column: 'currency',
  },
  {
    key: 'refunded_amount',
    header: { en: 'Refunded', es: 'Reembolsado', zh: '已退款' },
    kind: 'amount',
    unit_column: 'currency',
  },
];

export function posExportRow(charge: PosChargeView): Record<PosExportKey, string> {
  return { ...charge };
}
