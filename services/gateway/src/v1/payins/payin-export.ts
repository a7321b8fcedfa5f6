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

/**
 * Columns of `GET /v1/payins?format=csv|xlsx`, headers in each language. Amounts stay decimal
 * strings (number cells in XLSX, with the decimals of their currency or asset).
 */
export const PAYIN_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<PayinExportKey>> = [
  { key: 'payin_id', header: { en: 'Payin ID', es: 'ID del cobro', zh: '收款编号' } },
  {
    key: 'created_at',
    header: { en: 'Created at', es: 'Fecha de creación', zh: '创建时间' },
    kind: 'date',
  },
  { key: 'method', header: { en: 'Method', es: 'Método', zh: '方式' } },
  { key: 'status', header: { en: 'Status', es: 'Estado', zh: '状态' } },
  { key: 'country', header: { en: 'Country', es: 'País', zh: '国家' } },
  { key: 'currency', header: { en: 'Currency', es: 'Moneda', zh: '币种' } },
  {
    key: 'local_amount',
    header: { en: 'Local amount', es: 'Monto local', zh: '本地金额' },
    kind: 'amount',
    unit_column: 'currency',
  },
  { key: 'credit_asset', header: { en: 'Credit asset', es: 'Activo acreditado', zh: '入账资产' } },
  {
    key: 'usdt_credited',
    header: { en: 'Credited', es: 'Acreditado', zh: '入账金额' },
    kind: 'amount',
    unit_column: 'credit_asset',
  },
  {
    key: 'fee',
    header: { en: 'Fee', es: 'Comisión', zh: '手续费' },
    kind: 'amount',
    unit_column: 'credit_asset',
  },
  { key: 'reference', header: { en: 'Reference', es: 'Referencia', zh: '参考号' } },
  {
    key: 'idempotency_key',
    header: { en: 'Idempotency key', es: 'Clave de idempotencia', zh: '幂等键' },
  },
  {
    key: 'instrument_id',
    header: { en: 'Instrument ID', es: 'ID del instrumento', zh: '支付工具编号' },
  },
  { key: 'instrument', header: { en: 'Instrument', es: 'Instrumento', zh: '支付工具' } },
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
