import { DomainError } from '@platform/contracts';
import {
  fileOfMultipart,
  filesOfMultipart,
  MultipartBody,
  partsOfMultipart,
  textOfMultipart,
} from './multipart-upload';

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

describe('partsOfMultipart', () => {
  const textPart = (name: string, text: string) =>
    `Content-Disposition: form-data; name="${name}"\r\n\r\n${text}`;

  it('answers every part in order: text fields and files, bytes untouched', () => {
    const parts = partsOfMultipart(
      body([textPart('text', 'ça va'), filePart('file', 'a.pdf', '%PDF-\r\n--x')]),
    );
    expect(parts.map(({ name, filename }) => ({ name, filename }))).toEqual([
      { name: 'text', filename: null },
      { name: 'file', filename: 'a.pdf' },
    ]);
    expect(parts[1]?.bytes.toString('latin1')).toBe('%PDF-\r\n--x');
  });

  it('refuses an unterminated body and a part without name', () => {
    const open = new MultipartBody(
      Buffer.from(`--XyZ\r\n${textPart('text', 'x')}\r\n`, 'latin1'),
      'multipart/form-data; boundary=XyZ',
    );
    expect(codeOf(() => partsOfMultipart(open))).toBe('invalid_request');
    expect(codeOf(() => partsOfMultipart(body(['Content-Disposition: form-data\r\n\r\nx'])))).toBe(
      'invalid_request',
    );
  });
});

describe('filesOfMultipart', () => {
  it('answers the files of the field, and none when there are none', () => {
    const multipart = body([
      filePart('file', 'a.pdf', 'A'),
      'Content-Disposition: form-data; name="text"\r\n\r\nnote',
      filePart('other', 'c.pdf', 'C'),
      filePart('file', 'b.png', 'B'),
    ]);
    expect(
      filesOfMultipart(multipart, 'file').map((file) => [file.filename, String(file.bytes)]),
    ).toEqual([
      ['a.pdf', 'A'],
      ['b.png', 'B'],
    ]);
    expect(filesOfMultipart(multipart, 'missing')).toEqual([]);
  });
});

describe('textOfMultipart', () => {
  const text = (content: string | Buffer) =>
    new MultipartBody(
      Buffer.concat([
        Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="text"\r\n\r\n'),
        Buffer.from(content),
        Buffer.from('\r\n--XyZ--\r\n'),
      ]),
      'multipart/form-data; boundary=XyZ',
    );

  it('reads a UTF-8 text field, undefined when absent', () => {
    expect(textOfMultipart(text('proof of delivery, 配送'), 'text')).toBe(
      'proof of delivery, 配送',
    );
    expect(textOfMultipart(text('x'), 'comment')).toBeUndefined();
  });

  it('refuses a field sent twice, a file in its place, invalid UTF-8 and a NUL', () => {
    const twice = body([
      'Content-Disposition: form-data; name="text"\r\n\r\na',
      'Content-Disposition: form-data; name="text"\r\n\r\nb',
    ]);
    expect(codeOf(() => textOfMultipart(twice, 'text'))).toBe('invalid_request');
    expect(codeOf(() => textOfMultipart(body([filePart('text', 'a', 'x')]), 'text'))).toBe(
      'invalid_request',
    );
    expect(codeOf(() => textOfMultipart(text(Buffer.from([0xff, 0xfe])), 'text'))).toBe(
      'invalid_request',
    );
    expect(codeOf(() => textOfMultipart(text('a\u0000b'), 'text'))).toBe('invalid_request');
  });
});
