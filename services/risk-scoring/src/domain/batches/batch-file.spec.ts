import { textOfCsvFile } from './batch-file';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('an uploaded batch file', () => {
  it('is read as UTF-8 text, without its byte-order mark', () => {
    expect(textOfCsvFile(bytes('\ufeffcountry,doc_id,subject_type\nAR,1,company\n'))).toBe(
      'country,doc_id,subject_type\nAR,1,company\n',
    );
  });

  it('with no bytes, or only blank lines, is an empty_file', () => {
    expect(() => textOfCsvFile(new Uint8Array())).toThrow(
      expect.objectContaining({ code: 'empty_file' }),
    );
    expect(() => textOfCsvFile(bytes('\r\n \n'))).toThrow(
      expect.objectContaining({ code: 'empty_file' }),
    );
  });

  it.each([
    ['a PDF', bytes('%PDF-1.7\n...')],
    ['an XLSX (zip)', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00])],
    ['a PNG', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a])],
    ['bytes that are not UTF-8', new Uint8Array([0x63, 0xff, 0xfe, 0x2c, 0x41])],
    ['text with a NUL byte', new Uint8Array([0x41, 0x00, 0x42])],
  ])('that is %s is an unsupported_file_type', (_label, file) => {
    expect(() => textOfCsvFile(file)).toThrow(
      expect.objectContaining({ code: 'unsupported_file_type' }),
    );
  });
});
