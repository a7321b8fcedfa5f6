import { inflateSync } from 'node:zlib';
import { DomainError } from '@platform/contracts';
import {
  checkImageData,
  inflatedImageBytes,
  parseSignaturePng,
  SIGNATURE_PNG_MAX_BYTES,
} from '../../domain/contracts/signature-png';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** What a drawing pad's `toDataURL()` puts before the Base64. */
const DATA_URL_PREFIX = /^data:image\/png;base64,/i;

/**
 * The drawn signature's PNG bytes from its Base64 text (a `data:image/png;base64,` prefix is
 * allowed), checked the way a decoder reads it: structure, CRCs and dimensions, then the image
 * data inflated (never beyond what the header promises) to exactly its expected size.
 */
export function signaturePngOf(base64_text: string): Buffer {
  const text = base64_text.trim().replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  if (text.length % 4 !== 0 || !BASE64.test(text))
    throw new DomainError('invalid_signature_image', 'signature_png must be Base64');
  if ((text.length / 4) * 3 > SIGNATURE_PNG_MAX_BYTES + 2)
    throw new DomainError('invalid_signature_image', 'signature_png may be at most 512 KB');
  const bytes = Buffer.from(text, 'base64');
  const { header, image_data } = parseSignaturePng(bytes);
  let inflated: Buffer | null;
  try {
    inflated = inflateSync(image_data, { maxOutputLength: inflatedImageBytes(header) + 1 });
  } catch {
    inflated = null;
  }
  checkImageData(header, inflated);
  return bytes;
}
