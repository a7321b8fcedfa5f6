import type { PayinInstrument, PayinView } from '@platform/contracts';
import type { ExportColumn } from '../../http';

export type PayinExportKey =
  | 'payin_id'
  | 'created_at'
  | 'method'
  | 'status'
  | 'country'
  | 'currency'
  | 'local_amount'
  | 'credit_asset'
  | 'usdt_credited'
  | 'fee'
  | 'reference'
  | 'idempotency_key'
  | 'instrument_id'
  | 'instrument';

export type PayinRow = Record<PayinExportKey, string | null>;

/** Columns of `GET /v1/payins?format=csv|xlsx`; amounts stay decimal strings. */
export const PAYIN_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<PayinExportKey>> = [
  { key: 'payin_id', header: 'Payin ID' },
  { key: 'created_at', header: 'Created at' },
  { key: 'method', header: 'Method' },
  { key: 'status', header: 'Status' },
  { key: 'country', header: 'Country' },
  { key: 'currency', header: 'Currency' },
  { key: 'local_amount', header: 'Local amount' },
  { key: 'credit_asset', header: 'Credit asset' },
  { key: 'usdt_credited', header: 'Credited' },
  { key: 'fee', header: 'Fee' },
  { key: 'reference', header: 'Reference' },
  { key: 'idempotency_key', header: 'Idempotency key' },
  { key: 'instrument_id', header: 'Instrument ID' },
  { key: 'instrument', header: 'Instrument' },
];

/** One export row: the instrument as its holder reads it ("card visa 4242 12/2029"). */
export function payinExportRow(payin: PayinView): PayinRow {
  const row = Object.fromEntries(
    PAYIN_EXPORT_COLUMNS.map(({ key }) => [key, key === 'instrument' ? null : payin[key]]),
  ) as PayinRow;
  return { ...row, instrument: payin.instrument ? instrumentText(payin.instrument) : null };
}

function instrumentText(instrument: PayinInstrument): string {
  const expiry = ` ${String(instrument.exp_month).padStart(2, '0')}/${instrument.exp_year}`;
  return `${instrument.type} ${instrument.brand} ${instrument.last4}${expiry}`;
}
