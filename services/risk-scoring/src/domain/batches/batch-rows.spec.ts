import { RISK_BATCH_MAX_ITEMS } from '@platform/contracts';
import { itemsOfRows, rowsOfCsv, rowsOfItems } from './batch-rows';

const COMPANY = '30712345671';
const PERSON = '20123456786';

describe('the rows of a batch', () => {
  it('take JSON items in order, as trimmed text; other values are empty cells', () => {
    expect(
      rowsOfItems([
        { country: ' AR ', doc_id: '30-71234567-1', subject_type: 'company' },
        { country: 'AR', doc_id: 20123456786, subject_type: { nested: true } },
      ]),
    ).toEqual([
      { position: 1, country: 'AR', doc_id: '30-71234567-1', subject_type: 'company' },
      { position: 2, country: 'AR', doc_id: '20123456786', subject_type: '' },
    ]);
  });

  it('take a CSV whose header names the columns in any order, other columns ignored', () => {
    expect(
      rowsOfCsv([
        ['Subject_Type', 'note', 'doc_id', 'COUNTRY'],
        ['company', 'x', COMPANY, 'AR'],
        ['person'],
      ]),
    ).toEqual([
      { position: 1, country: 'AR', doc_id: COMPANY, subject_type: 'company' },
      { position: 2, country: '', doc_id: '', subject_type: 'person' },
    ]);
  });

  it('refuse a CSV without the header (invalid_request), or without any row (empty_file)', () => {
    expect(() => rowsOfCsv([['AR', COMPANY, 'company']])).toThrow(
      expect.objectContaining({ code: 'invalid_request' }),
    );
    expect(() => rowsOfCsv([])).toThrow(expect.objectContaining({ code: 'empty_file' }));
  });

  it(`refuse more than ${RISK_BATCH_MAX_ITEMS} rows with too_many_items`, () => {
    const row = { country: 'AR', doc_id: COMPANY, subject_type: 'company' };
    expect(() => rowsOfItems(Array(RISK_BATCH_MAX_ITEMS).fill(row))).not.toThrow();
    expect(() => rowsOfItems(Array(RISK_BATCH_MAX_ITEMS + 1).fill(row))).toThrow(
      expect.objectContaining({ code: 'too_many_items' }),
    );
    const header = ['country', 'doc_id', 'subject_type'];
    const records = [header, ...Array(RISK_BATCH_MAX_ITEMS + 1).fill(['AR', COMPANY, 'company'])];
    expect(() => rowsOfCsv(records)).toThrow(expect.objectContaining({ code: 'too_many_items' }));
  });

  it('keep invalid rows as items with the reason, and normalize valid documents', () => {
    const items = itemsOfRows([
      { position: 1, country: 'AR', doc_id: '30-71234567-1', subject_type: 'company' },
      { position: 2, country: 'AR', doc_id: '30712345670', subject_type: 'company' },
      { position: 3, country: 'ZZ', doc_id: COMPANY, subject_type: 'company' },
      { position: 4, country: 'AR', doc_id: PERSON, subject_type: 'robot' },
      { position: 5, country: 'AR', doc_id: PERSON, subject_type: 'person' },
    ]);
    expect(items.map((item) => [item.position, item.status, item.doc_id])).toEqual([
      [1, 'pending', COMPANY],
      [2, 'invalid', '30712345670'],
      [3, 'invalid', COMPANY],
      [4, 'invalid', PERSON],
      [5, 'pending', PERSON],
    ]);
    expect(items.map((item) => (item.status === 'invalid' ? item.error : null))).toEqual([
      null,
      'invalid_doc_id',
      'invalid_country',
      'invalid_subject_type',
      null,
    ]);
    expect(items[1]).toMatchObject({ reason: expect.stringMatching(/check digit/) });
  });

  it('refuse a batch without one valid row with no_valid_items', () => {
    expect(() =>
      itemsOfRows([{ position: 1, country: 'AR', doc_id: '123', subject_type: 'company' }]),
    ).toThrow(expect.objectContaining({ code: 'no_valid_items' }));
  });
});
