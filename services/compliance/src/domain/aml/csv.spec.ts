import fc from 'fast-check';
import { parseCsv, parsingCsv } from './csv';

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

  it('read a step at a time, a long file gives every row, fields across steps whole', () => {
    const text = Array.from(
      { length: 5_000 },
      (_, row) => `${row},"a name, with ""quotes""\nand a line",x`,
    ).join('\r\n');
    const steps = parsingCsv(text);
    let taken = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) taken += 1;
    expect(taken).toBeGreaterThan(1);
    expect(step.value).toHaveLength(5_000);
    expect(step.value).toEqual(parseCsv(text));
    expect(step.value[4_999]).toEqual(['4999', 'a name, with "quotes"\nand a line', 'x']);
  });
});
