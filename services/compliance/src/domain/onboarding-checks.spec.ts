import { deflateSync } from 'node:zlib';
import { DomainError } from '@platform/contracts';
import { checkDocument, sniff } from './document-checks';
import { parseOnboardingIdentity } from './onboarding-identity';

const TODAY = new Date('2026-01-01T00:00:00Z');
/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'accepted';
}

function chunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  return Buffer.concat([length, Buffer.from(type, 'latin1'), body, Buffer.alloc(4)]);
}

describe('document checks', () => {
  it('sniffs the type from the content, not the name', () => {
    expect(sniff(PNG)).toBe('image/png');
    expect(sniff(Buffer.from('%PDF-1.7\n...'))).toBe('application/pdf');
    expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniff(Buffer.from('hello'))).toBeNull();
  });

  it('accepts a PNG that decodes and a complete PDF', () => {
    expect(checkDocument(PNG, 1000)).toBe('image/png');
    expect(checkDocument(Buffer.from('%PDF-1.4\n1 0 obj\n%%EOF\n'), 1000)).toBe('application/pdf');
  });

  it('refuses empty, too large, unknown, undecodable and truncated files', () => {
    expect(codeOf(() => checkDocument(Buffer.alloc(0), 1000))).toBe('empty_file');
    expect(codeOf(() => checkDocument(PNG, 10))).toBe('file_too_large');
    expect(codeOf(() => checkDocument(Buffer.from('GIF89a....'), 1000))).toBe(
      'unsupported_document_type',
    );
    expect(codeOf(() => checkDocument(PNG.subarray(0, 40), 1000))).toBe('invalid_image');
    expect(codeOf(() => checkDocument(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), 1000))).toBe(
      'invalid_image',
    );
    expect(codeOf(() => checkDocument(Buffer.from('%PDF-1.4 cut'), 1000))).toBe(
      'invalid_document_file',
    );
    expect(codeOf(() => checkDocument(PNG, 1000, ['application/pdf']))).toBe(
      'unsupported_document_type',
    );
  });

  it('refuses a PNG whose pixel data does not fill its declared size', () => {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(100, 0);
    header.writeUInt32BE(100, 4);
    header[8] = 8;
    header[9] = 2;
    const forged = Buffer.concat([
      PNG.subarray(0, 8),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(10))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(codeOf(() => checkDocument(forged, 100_000))).toBe('invalid_image');
  });
});

describe('onboarding identity', () => {
  const person = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    doc_id: 'AB123456',
    birth_date: '1990-05-17',
    country: 'gb',
  };

  it('normalizes a person and a company', () => {
    expect(parseOnboardingIdentity('kyc', person, TODAY)).toEqual({
      identity: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        legal_name: null,
        doc_id: 'AB123456',
        country: 'GB',
      },
      birth_date: '1990-05-17',
    });
    expect(
      parseOnboardingIdentity(
        'kyb',
        { legal_name: ' Engines Ltd ', doc_id: '30-7123-9', country: 'AR' },
        TODAY,
      ).identity.legal_name,
    ).toBe('Engines Ltd');
  });

  it.each([
    [{ ...person, last_name: '' }, 'invalid_name'],
    [{ ...person, first_name: '<script>' }, 'invalid_name'],
    [{ ...person, doc_id: '!' }, 'invalid_doc_id'],
    [{ ...person, country: 'GBR' }, 'invalid_country'],
    [{ ...person, birth_date: '1990-02-30' }, 'invalid_request'],
    [{ ...person, birth_date: '2020-01-01' }, 'invalid_request'],
  ])('refuses %j with %s', (body, code) => {
    expect(codeOf(() => parseOnboardingIdentity('kyc', body, TODAY))).toBe(code);
  });
});
