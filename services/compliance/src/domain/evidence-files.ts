import {
  DomainError,
  EVIDENCE_FILE_MAX_BYTES,
  type EvidenceContentType,
} from '@platform/contracts';

/**
 * An evidence file the account sent (decisions D8): to a firewall review or with the answer to a
 * payment dispute. Its bytes live in object storage; its content type was read from them.
 */
export interface EvidenceFile {
  file_id: string;
  filename: string;
  content_type: EvidenceContentType;
  size_bytes: number;
  uploaded_at: string;
}

/**
 * The rules every evidence file meets, in this order: at most 50 MB (`file_too_large`), not
 * empty (`empty_file`), of an accepted type read from its bytes (`unsupported_file_type`).
 */
export function acceptEvidenceFile(upload: {
  file_id: string;
  filename: string;
  bytes: Uint8Array;
  at: string;
}): EvidenceFile {
  const { bytes } = upload;
  if (bytes.length > EVIDENCE_FILE_MAX_BYTES) {
    throw new DomainError('file_too_large', 'a file may be at most 50 MB');
  }
  if (bytes.length === 0) throw new DomainError('empty_file', 'the file is empty');
  const content_type = sniffEvidenceFile(bytes, upload.filename);
  if (!content_type) {
    throw new DomainError(
      'unsupported_file_type',
      'accepted files: PDF, PNG, JPEG, WEBP, TXT, CSV, DOC, DOCX, XLS, XLSX',
    );
  }
  return {
    file_id: upload.file_id,
    filename: evidenceFilename(upload.filename),
    content_type,
    size_bytes: bytes.length,
    uploaded_at: upload.at,
  };
}

/** The name kept for a file: no control characters, no path, at most 255 characters. */
export function evidenceFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return (
    base
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, 255) || 'file'
  );
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/**
 * The content type of an evidence file, read from its bytes (never from the client's header):
 * PDF, PNG, JPEG, WEBP, DOC/XLS (OLE), DOCX/XLSX (OOXML zip), or UTF-8 text (TXT, CSV by the
 * file name). Null for anything else.
 */
export function sniffEvidenceFile(bytes: Uint8Array, filename: string): EvidenceContentType | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  const lower = filename.toLowerCase();
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    return lower.endsWith('.xls') ? 'application/vnd.ms-excel' : 'application/msword';
  }
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return ooxmlType(bytes);
  if (bytes.length > 0 && isText(bytes)) {
    return lower.endsWith('.csv') ? 'text/csv' : 'text/plain';
  }
  return null;
}

/** A zip is a DOCX or XLSX when its entries name the part of one; any other zip is refused. */
function ooxmlType(bytes: Uint8Array): EvidenceContentType | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 65_536)).toString(
    'latin1',
  );
  if (head.includes('word/')) {
    return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  }
  if (head.includes('xl/')) {
    return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  }
  return null;
}

/** Valid UTF-8 without control characters other than tab, line feed, carriage return. */
function isText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  return !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text);
}
