import fc from 'fast-check';
import { parseCsv } from './csv';

/** One CSV line as a publisher writes it: every field quoted, quotes doubled. */
export const csvLine = (fields: readonly string[]) =>
  fields.map((field) => `"${field.replace(/"/g, '""')}"`).join(',');

describe('parseCsv', () => {
  it('reads quoted fields with commas, quotes and line breaks', () => {
    expect(parseCsv('a,"b, c","say ""hi""\nthere"\r\n1,,3\n\n')).toEqual([
      ['a', 'b, c', 'say "hi"\nthere'],
      ['1', '', '3'],
    ]);
  });

  it('reads back what was written, whatever the fields hold', () => {
    const row = fc.array(fc.string(), { minLength: 2, maxLength: 6 });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 5 }), (rows) => {
        expect(parseCsv(rows.map(csvLine).join('\r\n'))).toEqual(rows);
      }),
    );
  });

  it('skips a byte-order mark', () => {
    expect(parseCsv('\ufeffid,name\n')).toEqual([['id', 'name']]);
  });
});
