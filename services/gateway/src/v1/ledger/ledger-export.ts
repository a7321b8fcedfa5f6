import type { Locale } from '../../http';
import type { ExportColumn } from '../../http';
import { EXPORT_HEADERS } from './statement-labels';

/** The header of `key` in each language. */
function header(key: string): Readonly<Record<Locale, string>> {
  return {
    en: EXPORT_HEADERS.en[key] ?? key,
    es: EXPORT_HEADERS.es[key] ?? key,
    zh: EXPORT_HEADERS.zh[key] ?? key,
  };
}

type MovementKey =
  | 'id'
  | 'created_at'
  | 'asset'
  | 'amount'
  | 'balance_after'
  | 'kind'
  | 'reference_id'
  | 'description';

/** Columns of `GET /v1/movements?format=csv|xlsx`: amounts in the row's asset. */
export const MOVEMENT_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<MovementKey>> = [
  { key: 'id', header: header('id') },
  { key: 'created_at', header: header('created_at'), kind: 'date' },
  { key: 'asset', header: header('asset') },
  { key: 'amount', header: header('amount'), kind: 'amount', unit_column: 'asset' },
  { key: 'balance_after', header: header('balance_after'), kind: 'amount', unit_column: 'asset' },
  { key: 'kind', header: header('kind') },
  { key: 'reference_id', header: header('reference_id') },
  { key: 'description', header: header('description') },
];

type TransferKey =
  | 'transfer_id'
  | 'created_at'
  | 'direction'
  | 'from_account_id'
  | 'to_account_id'
  | 'asset'
  | 'amount'
  | 'description'
  | 'status';

/** Columns of `GET /v1/transfers?format=csv|xlsx`: amounts in the row's asset. */
export const TRANSFER_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<TransferKey>> = [
  { key: 'transfer_id', header: header('transfer_id') },
  { key: 'created_at', header: header('created_at'), kind: 'date' },
  { key: 'direction', header: header('direction') },
  { key: 'from_account_id', header: header('from_account_id') },
  { key: 'to_account_id', header: header('to_account_id') },
  { key: 'asset', header: header('asset') },
  { key: 'amount', header: header('amount'), kind: 'amount', unit_column: 'asset' },
  { key: 'description', header: header('description') },
  { key: 'status', header: header('status') },
];
