import { inflateSync } from 'node:zlib';
import { DomainError } from '@platform/contracts';

export type DocumentContentType = 'image/jpeg' | 'image/png' | 'application/pdf';

/**
 * Checks an uploaded file by its content, never by its name or a declared type: JPEG, PNG or PDF,
 * not empty, at most `max_bytes`, and an image that decodes (its structure and its pixel data).
 */
export function checkDocument(
  bytes: Buffer,
  max_bytes: number,
  allowed: readonly DocumentContentType[] = ['image/jpeg', 'image/png', 'application/pdf'],
): DocumentContentType {
  if (bytes.length === 0) throw new DomainError('empty_file', 'the file is empty');
  if (bytes.length > max_bytes)
    throw new DomainError('file_too_large', `files are limited to ${max_bytes} bytes`);
  const type = sniff(bytes);
  if (!type || !allowed.includes(type))
    throw new DomainError(
      'unsupported_document_type',
      `accepted files: ${allowed.map((entry) => entry.split('/')[1]).join(', ')}`,
    );
  switch (type) {
    case 'image/png':
      if (!pngDecodes(bytes)) throw new DomainError('invalid_image', 'the image cannot be read');
      return type;
    case 'image/jpeg':
      if (!jpegDecodes(bytes)) throw new DomainError('invalid_image', 'the image cannot be read');
      return type;
    case 'application/pdf':
      if (!pdfComplete(bytes))
        throw new DomainError('invalid_document_file', 'the PDF is incomplete or damaged');
      return type;
    default: {
      const unhandled: never = type;
      throw new Error(`unknown type ${String(unhandled)}`);
    }
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniff(bytes: Buffer): DocumentContentType | null {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

/** Channels per PNG color type (grey, -, RGB, palette, grey+alpha, -, RGBA). */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function pngDecodes(bytes: Buffer): boolean {
  let offset = 8;
  let width = 0;
  let height = 0;
  let bits_per_pixel = 0;
  let interlaced = false;
  const data: Buffer[] = [];
  let ended = false;
  while (offset + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.subarray(offset + 4, offset + 8).toString('latin1');
    const body_start = offset + 8;
    if (body_start + length + 4 > bytes.length) return false;
    const body = bytes.subarray(body_start, body_start + length);
    if (type === 'IHDR') {
      if (length !== 13) return false;
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const channels = PNG_CHANNELS[body[9]!];
      if (!channels) return false;
      bits_per_pixel = channels * body[8]!;
      interlaced = body[12] === 1;
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') {
      ended = true;
      break;
    }
    offset = body_start + length + 4;
  }
  if (!ended || width === 0 || height === 0 || data.length === 0) return false;
  try {
    const pixels = inflateSync(Buffer.concat(data));
    if (interlaced) return pixels.length > 0;
    const row_bytes = Math.ceil((width * bits_per_pixel) / 8) + 1;
    return pixels.length === row_bytes * height;
  } catch {
    return false;
  }
}

function jpegDecodes(bytes: Buffer): boolean {
  let offset = 2;
  let frame = false;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1]!;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return false;
    const is_frame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (is_frame) {
      const height = bytes.readUInt16BE(offset + 5);
      const width = bytes.readUInt16BE(offset + 7);
      if (width === 0 || height === 0) return false;
      frame = true;
    }
    if (marker === 0xda) {
      // Entropy-coded data follows the scan header: the image ends with EOI.
      const end = bytes.lastIndexOf(Buffer.from([0xff, 0xd9]));
      return frame && end > offset + 2 + length;
    }
    offset += 2 + length;
  }
  return false;
}

function pdfComplete(bytes: Buffer): boolean {
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024)).toString('latin1');
  return tail.includes('%%EOF');
}
