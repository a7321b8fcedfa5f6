import fc from 'fast-check';
import { AVATAR_MAX_BYTES, DomainError } from '@platform/contracts';
import { checkAvatar, sniffImageType } from './avatar';

/** The smallest well-formed headers of each type, padded to `size` bytes. */
const png = (size = 64) =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    Buffer.from('IHDR'),
    Buffer.alloc(size - 16),
  ]);
const jpeg = (size = 64) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4)]);
const webp = (size = 64) =>
  Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.alloc(4),
    Buffer.from('WEBPVP8 '),
    Buffer.alloc(size - 16),
  ]);

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? error.code : 'other';
  }
  return undefined;
};

describe('sniffImageType', () => {
  it('reads PNG, JPEG and WebP by their signatures', () => {
    expect(sniffImageType(png())).toBe('image/png');
    expect(sniffImageType(jpeg())).toBe('image/jpeg');
    expect(sniffImageType(webp())).toBe('image/webp');
  });

  it('reads nothing else: GIF, SVG, PDF, text, a PNG signature without IHDR', () => {
    for (const other of [
      Buffer.from('GIF89a\x01\x00\x01\x00'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('%PDF-1.7'),
      Buffer.from('hello'),
      Buffer.concat([png().subarray(0, 12), Buffer.from('IDAT')]),
      Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]),
    ])
      expect(sniffImageType(other)).toBeNull();
  });

  it('never takes random bytes without a signature for an image', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 64 }), (bytes) => {
        const type = sniffImageType(bytes);
        if (type === 'image/jpeg') expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
        else expect(type).toBeNull();
      }),
    );
  });
});

describe('checkAvatar', () => {
  it('takes an image of the type it declares, up to 512 KB', () => {
    expect(checkAvatar('image/png', png(AVATAR_MAX_BYTES))).toBe('image/png');
    expect(checkAvatar('image/jpg', jpeg())).toBe('image/jpeg');
    expect(checkAvatar('IMAGE/WEBP; q=1', webp())).toBe('image/webp');
  });

  it('refuses empty, oversized, unknown and mislabelled bytes with invalid_image', () => {
    expect(codeOf(() => checkAvatar('image/png', Buffer.alloc(0)))).toBe('invalid_image');
    expect(codeOf(() => checkAvatar('image/png', png(AVATAR_MAX_BYTES + 1)))).toBe('invalid_image');
    expect(codeOf(() => checkAvatar('image/gif', Buffer.from('GIF89a')))).toBe('invalid_image');
    expect(codeOf(() => checkAvatar('image/jpeg', png()))).toBe('invalid_image');
    expect(codeOf(() => checkAvatar('', webp()))).toBe('invalid_image');
  });
});
