const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/**
 * The content type of a review file, read from its bytes (never from the client's header):
 * PDF, PNG, JPEG, WEBP, DOC/XLS (OLE), DOCX/XLSX (OOXML zip), or UTF-8 text (TXT, CSV by the
 * file name). Null for anything else.
 */
export function sniffReviewFile(bytes: Uint8Array, filename: string): string | null {
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
function ooxmlType(bytes: Uint8Array): string | null {
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
