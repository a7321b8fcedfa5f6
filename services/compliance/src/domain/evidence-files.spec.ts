import { DomainError, EVIDENCE_FILE_MAX_BYTES } from '@platform/contracts';
import { acceptEvidenceFile, evidenceFilename, sniffEvidenceFile } from './evidence-files';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const at = '2026-01-01T00:00:00.000Z';

const codeOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'ok';
};

describe('evidence file types', () => {
  it('reads the type from the content, not the name', () => {
    expect(sniffEvidenceFile(bytes('%PDF-1.7 ...'), 'a.png')).toBe('application/pdf');
    expect(sniffEvidenceFile(bytes('\x89PNG\r\n\x1a\n....'), 'a.pdf')).toBe('image/png');
    expect(sniffEvidenceFile(bytes('\xff\xd8\xff\xe0'), 'a')).toBe('image/jpeg');
    expect(sniffEvidenceFile(bytes('RIFF\0\0\0\0WEBPVP8 '), 'a')).toBe('image/webp');
    expect(sniffEvidenceFile(bytes('a,b\n1,2\n'), 'a.csv')).toBe('text/csv');
    expect(sniffEvidenceFile(bytes('hello'), 'a.txt')).toBe('text/plain');
    expect(sniffEvidenceFile(bytes('PK\x03\x04....word/document.xml'), 'a.docx')).toContain(
      'wordprocessingml',
    );
  });

  it('refuses binaries and unknown zips', () => {
    expect(sniffEvidenceFile(bytes('MZ\x90\0\x03\0'), 'a.pdf')).toBeNull();
    expect(sniffEvidenceFile(bytes('PK\x03\x04....evil.exe'), 'a.docx')).toBeNull();
    expect(sniffEvidenceFile(new Uint8Array(), 'a.txt')).toBeNull();
  });
});

describe('acceptEvidenceFile', () => {
  const upload =
    (content: Uint8Array, filename = 'a.pdf') =>
    () =>
      acceptEvidenceFile({ file_id: 'f1', filename, bytes: content, at });

  it('keeps the sniffed type, the size and a clean name', () => {
    expect(upload(bytes('%PDF-1.4 x'), 'C:\\docs\\in\u0007voice.png')()).toEqual({
      file_id: 'f1',
      filename: 'invoice.png',
      content_type: 'application/pdf',
      size_bytes: 10,
      uploaded_at: at,
    });
  });

  it('refuses a file too large, an empty one and an unsupported type, in that order', () => {
    const huge = new Uint8Array(EVIDENCE_FILE_MAX_BYTES + 1);
    expect(codeOf(upload(huge))).toBe('file_too_large');
    expect(codeOf(upload(new Uint8Array()))).toBe('empty_file');
    expect(codeOf(upload(bytes('MZ\x90\0')))).toBe('unsupported_file_type');
  });

  it('names a nameless file', () => {
    expect(evidenceFilename(' \r\n')).toBe('file');
    expect(evidenceFilename('../../etc/passwd')).toBe('passwd');
    expect(evidenceFilename('x'.repeat(300))).toHaveLength(255);
  });
});
