import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { encodePng, pngChunk, signaturePng } from '@platform/testing';
import { signaturePngOf } from './signature-image';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A refusal with `code` (a DomainError). */
const refused = (code: string) => expect.objectContaining({ name: 'DomainError', code });

const header = (width: number, height: number, bit_depth = 8, color_type = 6, interlace = 0) => {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.set([bit_depth, color_type, 0, 0, interlace], 8);
  return pngChunk('IHDR', data);
};

const pngOf = (...chunks: Buffer[]) => Buffer.concat([PNG_SIGNATURE, ...chunks]);
const END = pngChunk('IEND', Buffer.alloc(0));

describe('signaturePngOf', () => {
  it('accepts a drawn signature, as Base64 or as a data URL, and answers its bytes', () => {
    const png = signaturePng();
    expect(signaturePngOf(png.toString('base64'))).toEqual(png);
    expect(signaturePngOf(`data:image/png;base64,${png.toString('base64')}`)).toEqual(png);
  });

  it('accepts a grey 16x16 and an interlaced image whose data has the right size', () => {
    const grey = pngOf(
      header(16, 16, 8, 0),
      pngChunk('IDAT', deflateSync(Buffer.alloc(16 * 17))),
      END,
    );
    expect(() => signaturePngOf(grey.toString('base64'))).not.toThrow();
    // Adam7 of 16x16 grey at 8 bits: 2x2 + 2x2 + 4x2 + 4x4 + 8x4 + 8x8 + 16x8 pixels, one filter byte a row.
    const interlaced_bytes = 2 * 3 + 2 * 3 + 2 * 5 + 4 * 5 + 4 * 9 + 8 * 9 + 8 * 17;
    const interlaced = pngOf(
      header(16, 16, 8, 0, 1),
      pngChunk('IDAT', deflateSync(Buffer.alloc(interlaced_bytes))),
      END,
    );
    expect(() => signaturePngOf(interlaced.toString('base64'))).not.toThrow();
  });

  it.each([
    ['not Base64', '!!!!'],
    ['a JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]).toString('base64')],
    ['text', Buffer.from('hello, I am a signature').toString('base64')],
    ['only the PNG signature', PNG_SIGNATURE.toString('base64')],
  ])('refuses %s', (_name, text) => {
    expect(() => signaturePngOf(text)).toThrow(refused('invalid_signature_image'));
  });

  it('refuses a broken CRC, a missing IEND, odd dimensions, a bad depth and short data', () => {
    const good = signaturePng(40, 20);
    const crc_broken = Buffer.from(good);
    crc_broken[good.length - 20] = (crc_broken[good.length - 20]! + 1) % 256;
    const rows = deflateSync(Buffer.alloc(20 * (1 + 40 * 4)));
    const cases = [
      crc_broken,
      good.subarray(0, good.length - 12),
      Buffer.concat([good, Buffer.from('trailing')]),
      encodePng(8, 8, () => [0, 0, 0, 255]),
      pngOf(header(5000, 20), pngChunk('IDAT', rows), END),
      pngOf(header(2000, 1001), pngChunk('IDAT', rows), END),
      pngOf(header(40, 20, 3, 6), pngChunk('IDAT', rows), END),
      pngOf(header(40, 20, 8, 3), pngChunk('IDAT', rows), END),
      pngOf(header(40, 20), END),
      pngOf(header(40, 21), pngChunk('IDAT', rows), END),
      pngOf(header(40, 20), pngChunk('IDAT', Buffer.from('not deflate')), END),
      pngOf(pngChunk('IDAT', rows), header(40, 20), END),
    ];
    for (const png of cases)
      expect(() => signaturePngOf(png.toString('base64'))).toThrow(
        refused('invalid_signature_image'),
      );
  });

  it('refuses a picture over 512 KB before decoding it', () => {
    const huge = Buffer.alloc(600 * 1024, 1).toString('base64');
    expect(() => signaturePngOf(huge)).toThrow(refused('invalid_signature_image'));
  });

  it('answers invalid_signature_image, never another failure, for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2048 }), (bytes) => {
        expect(() =>
          signaturePngOf(Buffer.concat([PNG_SIGNATURE, Buffer.from(bytes)]).toString('base64')),
        ).toThrow(refused('invalid_signature_image'));
      }),
    );
  });

  it('answers invalid_signature_image for any corruption of one byte of a real signature', () => {
    const png = signaturePng(64, 32);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: png.length - 1 }),
        fc.integer({ min: 1, max: 255 }),
        (at, delta) => {
          const corrupt = Buffer.from(png);
          corrupt[at] = (corrupt[at]! + delta) % 256;
          expect(() => signaturePngOf(corrupt.toString('base64'))).toThrow(
            refused('invalid_signature_image'),
          );
        },
      ),
    );
  });

  it('answers invalid_signature_image for any Base64 text that is not a PNG', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        expect(() => signaturePngOf(text)).toThrow(refused('invalid_signature_image'));
      }),
    );
  });
});
