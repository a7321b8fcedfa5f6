import { finish, type Steps } from './steps';

/**
 * RFC 4180 CSV: fields separated by `delimiter`, optionally quoted; a quote inside a quoted field
 * is doubled; quoted fields may hold delimiters and line breaks; lines end in CRLF or LF. Blank
 * lines are skipped. The list publishers' files are read with it (no header handling here).
 */
export function parseCsv(text: string, delimiter = ','): string[][] {
  return finish(parsingCsv(text, delimiter));
}

/** Characters read between two steps. */
const CHARACTERS_PER_STEP = 100_000;

/** `parseCsv` a step at a time. */
export function* parsingCsv(text: string, delimiter = ','): Steps<string[][]> {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a byte-order mark is not data
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    field = '';
  };
  for (; i < text.length; i++) {
    if (i % CHARACTERS_PER_STEP === 0) yield;
    const char = text[i];
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n') endRow();
    else if (char === '\r') {
      if (text[i + 1] !== '\n') endRow();
    } else field += char;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}
