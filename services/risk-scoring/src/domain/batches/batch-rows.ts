import {
  assertRiskBatchSize,
  DomainError,
  RISK_BATCH_CSV_HEADER,
  type RiskBatchItemInput,
} from '@platform/contracts';
import { parseSubject } from '../subjects/subject';

/** A row as sent, its cells as text (trimmed, cut to a length worth storing). */
export interface BatchRow {
  /** 1-based: the JSON index + 1, or the CSV data row (the header is row 0). */
  position: number;
  country: string;
  doc_id: string;
  subject_type: string;
}

export type BatchItem = BatchRow &
  (
    | { status: 'pending'; subject_type: 'person' | 'company' }
    | { status: 'invalid'; error: string; reason: string }
  );

const MAX_CELL_CHARS = 64;

/** A cell as text: strings and finite numbers are kept, anything else is an empty cell. */
function cellText(value: unknown): string {
  if (typeof value === 'string') return value.trim().slice(0, MAX_CELL_CHARS);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

export function rowsOfItems(items: readonly RiskBatchItemInput[]): BatchRow[] {
  assertRiskBatchSize(items.length);
  return items.map((item, index) => ({
    position: index + 1,
    country: cellText(item.country),
    doc_id: cellText(item.doc_id),
    subject_type: cellText(item.subject_type),
  }));
}

/**
 * The rows of a CSV's records: the first is the header, naming the three columns in any order
 * (letter case and other columns ignored). A file without it is `invalid_request`.
 */
export function rowsOfCsv(records: readonly (readonly string[])[]): BatchRow[] {
  const [header, ...data] = records;
  if (!header) throw new DomainError('empty_file', 'the file holds no rows');
  const names = header.map((name) => name.trim().toLowerCase());
  const columns = RISK_BATCH_CSV_HEADER.map((name) => names.indexOf(name));
  if (columns.some((column) => column < 0)) {
    throw new DomainError(
      'invalid_request',
      `the first line must be the header ${RISK_BATCH_CSV_HEADER.join(',')}`,
    );
  }
  assertRiskBatchSize(data.length);
  const [country, doc_id, subject_type] = columns as [number, number, number];
  return data.map((record, index) => ({
    position: index + 1,
    country: cellText(record[country]),
    doc_id: cellText(record[doc_id]),
    subject_type: cellText(record[subject_type]),
  }));
}

/**
 * Each row judged as a subject: a valid one is pending (its document normalized), any other
 * is kept as an `invalid` item with the reason. No valid row at all is `no_valid_items`.
 */
export function itemsOfRows(rows: readonly BatchRow[]): BatchItem[] {
  const items = rows.map((row): BatchItem => {
    const subject = parseSubject(row);
    if (subject instanceof DomainError) {
      return { ...row, status: 'invalid', error: subject.code, reason: subject.message };
    }
    return { ...row, ...subject, status: 'pending' };
  });
  if (!items.some((item) => item.status === 'pending')) {
    throw new DomainError('no_valid_items', 'not one row is a valid subject');
  }
  return items;
}
