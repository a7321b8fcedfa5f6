import { parseString } from '@fast-csv/parse';
import { DomainError } from '@platform/contracts';

/**
 * The records of a CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF; blank lines
 * skipped), each as its cells. A malformed file (an unterminated quote) is `invalid_request`.
 */
export function csvRecords(text: string): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const records: string[][] = [];
    parseString<string[], string[]>(text, { ignoreEmpty: true, discardUnmappedColumns: false })
      // The parser's own message quotes its internals: the client gets ours.
      .on('error', () =>
        reject(new DomainError('invalid_request', 'the CSV file is malformed (a quote unclosed)')),
      )
      .on('data', (record: string[]) => records.push(record))
      .on('end', () => resolve(records));
  });
}
