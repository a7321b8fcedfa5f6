import { DomainError } from '@platform/contracts';
import { fileOfMultipart, MultipartBody } from './multipart-upload';

const body = (parts: string[], boundary = 'XyZ') =>
  new MultipartBody(
    Buffer.from(
      parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('') + `--${boundary}--\r\n`,
      'latin1',
    ),
    `multipart/form-data; boundary=${boundary}`,
  );
const filePart = (name: string, filename: string, content: string) =>
  `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n${content}`;

const codeOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'ok';
};

describe('fileOfMultipart', () => {
  it('reads the one file of the field, bytes untouched', () => {
    const file = fileOfMultipart(
      body([
        'Content-Disposition: form-data; name="note"\r\n\r\nhi',
        filePart('file', 'a.pdf', '%PDF-\r\nx'),
      ]),
      'file',
    );
    expect(file.filename).toBe('a.pdf');
    expect(file.bytes.toString('latin1')).toBe('%PDF-\r\nx');
  });

  it('refuses a missing field, two files, and no boundary', () => {
    expect(codeOf(() => fileOfMultipart(body([filePart('doc', 'a', 'x')]), 'file'))).toBe(
      'invalid_request',
    );
    expect(
      codeOf(() =>
        fileOfMultipart(body([filePart('file', 'a', 'x'), filePart('file', 'b', 'y')]), 'file'),
      ),
    ).toBe('invalid_request');
    expect(
      codeOf(() =>
        fileOfMultipart(new MultipartBody(Buffer.from('x'), 'multipart/form-data'), 'file'),
      ),
    ).toBe('invalid_request');
  });

  it('does not expose the bytes to walkers of the parsed body', () => {
    expect(Object.keys(body([filePart('file', 'a', 'x')]))).toEqual(['content_type']);
  });
});
