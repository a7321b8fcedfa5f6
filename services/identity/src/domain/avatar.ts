import { AVATAR_MAX_BYTES, DomainError, type AvatarContentType } from '@platform/contracts';

const ascii = (bytes: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...bytes.subarray(from, to));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The image type the bytes are, by their signatures (not by what the client says): a PNG starts
 * with its 8-byte signature and an IHDR chunk; a JPEG with SOI and a marker; a WebP is a RIFF
 * container of form `WEBP` with a VP8, VP8L or VP8X chunk. Null for anything else.
 */
export function sniffImageType(bytes: Uint8Array): AvatarContentType | null {
  if (PNG_SIGNATURE.every((byte, at) => bytes[at] === byte) && ascii(bytes, 12, 16) === 'IHDR')
    return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    ascii(bytes, 0, 4) === 'RIFF' &&
    ascii(bytes, 8, 12) === 'WEBP' &&
    /^VP8[ LX]$/.test(ascii(bytes, 12, 16))
  )
    return 'image/webp';
  return null;
}

/** `image/jpg` is what many clients send for JPEG; parameters (`; charset=...`) are dropped. */
function declaredType(content_type: string): string {
  const type = content_type.split(';')[0]!.trim().toLowerCase();
  return type === 'image/jpg' ? 'image/jpeg' : type;
}

/**
 * An avatar is a PNG, JPEG or WebP image of at most 512 KB whose bytes are the type its
 * `Content-Type` declares; anything else is `invalid_image`. Answers the type.
 */
export function checkAvatar(content_type: string, bytes: Uint8Array): AvatarContentType {
  if (bytes.length === 0) throw new DomainError('invalid_image', 'the image is empty');
  if (bytes.length > AVATAR_MAX_BYTES)
    throw new DomainError('invalid_image', 'an avatar may be at most 512 KB');
  const sniffed = sniffImageType(bytes);
  if (!sniffed) throw new DomainError('invalid_image', 'send a PNG, JPEG or WebP image');
  if (declaredType(content_type) !== sniffed)
    throw new DomainError(
      'invalid_image',
      `the bytes are ${sniffed}: send them with that Content-Type`,
    );
  return sniffed;
}
