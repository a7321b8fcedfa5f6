import { csvRecords } from './csv-records';

describe('CSV records', () => {
  it('reads quoted fields, doubled quotes, CRLF and LF, and skips blank lines', async () => {
    await expect(
      csvRecords('country,doc_id,subject_type\r\n"AR","30-71234567-1","com""pany"\r\n\nCL,"1,2",x'),
    ).resolves.toEqual([
      ['country', 'doc_id', 'subject_type'],
      ['AR', '30-71234567-1', 'com"pany'],
      ['CL', '1,2', 'x'],
    ]);
  });

  it('refuses an unterminated quote with invalid_request', async () => {
    await expect(csvRecords('country,doc_id\nAR,"3071')).rejects.toMatchObject({
      code: 'invalid_request',
    });
  });
});
