import { DomainError } from '@platform/contracts';

/** Leading bytes of the binary formats people send by mistake (PDF, ZIP/XLSX, OLE/XLS, images). */
const BINARY_SIGNATURES = [
  '%PDF',
  'PK\u0003\u0004',
  '\u00d0\u00cf\u0011\u00e0',
  '\u0089PNG',
  '\u00ff\u00d8\u00ff',
];

/**
 * The text of an uploaded CSV: UTF-8 (a byte-order mark is dropped), without NUL bytes. No
 * bytes, or only blank lines: `empty_file`; anything that is not such text (a spreadsheet, a
 * PDF, an image): `unsupported_file_type`.
 */
export function textOfCsvFile(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new DomainError('empty_file', 'the file is empty');
  const head = String.fromCharCode(...bytes.subarray(0, 4));
  if (BINARY_SIGNATURES.some((signature) => head.startsWith(signature)) || bytes.includes(0)) {
    throw unsupported();
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw unsupported();
  }
  if (text.trim() === '') throw new DomainError('empty_file', 'the file holds no rows');
  return text;
}

const unsupported = () =>
  new DomainError('unsupported_file_type', 'send a CSV file (UTF-8 text) or JSON items');
