import { crc32, deflateSync } from 'node:zlib';

/**
 * A real PNG of 8-bit RGBA pixels, for tests that send images: `pixel(x, y)` answers
 * `[r, g, b, a]`. Chunks carry correct CRCs; rows use filter 0.
 */
export function encodePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => readonly [number, number, number, number],
): Buffer {
  const rows = Buffer.alloc(height * (1 + width * 4));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 4);
    for (let x = 0; x < width; x++) rows.set(pixel(x, y), row + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** One chunk: length, type, data and the CRC of type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A drawn signature: an ink stroke (a wave, blue by default) on a transparent pad. */
export function signaturePng(
  width = 300,
  height = 100,
  ink: readonly [number, number, number] = [0, 90, 200],
): Buffer {
  return encodePng(width, height, (x, y) => {
    const wave = height / 2 + (height / 3) * Math.sin((x / width) * 4 * Math.PI);
    return Math.abs(y - wave) < 4 ? [...ink, 255] : [255, 255, 255, 0];
  });
}
