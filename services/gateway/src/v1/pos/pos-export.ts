import type { PosChargeView } from '@platform/contracts';
import type { ExportColumn } from '../../http';

export type PosExportKey = keyof PosChargeView;

/** Columns of `GET /v1/pos/charges?format=csv|xlsx`; amounts stay decimal strings. */
export const POS_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<PosExportKey>> = [
  { key: 'charge_id', header: 'Charge ID' },
  { key: 'created_at', header: 'Created at' },
  { key: 'terminal_id', header: 'Terminal' },
  { key: 'status', header: 'Status' },
  { key: 'currency', header: 'Currency' },
  { key: 'amount', header: 'Amount' },
  { key: 'refunded_amount', header: 'Refunded' },
];

export function posExportRow(charge: PosChargeView): Record<PosExportKey, string> {
  return { ...charge };
}
