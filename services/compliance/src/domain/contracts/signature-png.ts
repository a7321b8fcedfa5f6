import { DomainError } from '@platform/contracts';

/** Limits of a drawn signature: a small picture, not a photo. */
export const SIGNATURE_PNG_MAX_BYTES = 512 * 1024;
export const SIGNATURE_MIN_SIDE_PX = 16;
export const SIGNATURE_MAX_SIDE_PX = 2000;
/** A picture that compresses well may still be huge once decoded: its area is bounded too. */
export const SIGNATURE_MAX_PIXELS = 2_000_000;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Bit depths each colour type allows (PNG specification, table 11.1). */
const BIT_DEPTHS: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
/** Samples per pixel of each colour type. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export interface PngHeader {
  width: number;
  height: number;
  bit_depth: number;
  color_type: number;
  interlaced: boolean;
}

/** A PNG read chunk by chunk: its header, and its image data still compressed. */
export interface ParsedPng {
  header: PngHeader;
  image_data: Uint8Array;
}

function refuse(why: string): never {
  throw new DomainError('invalid_signature_image', `signature_png is not a usable PNG: ${why}`);
}

let crcTable: Uint32Array | null = null;
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function headerOf(view: DataView, at: number, length: number): PngHeader {
  if (length !== 13) refuse('IHDR has the wrong length');
  const header: PngHeader = {
    width: view.getUint32(at),
    height: view.getUint32(at + 4),
    bit_depth: view.getUint8(at + 8),
    color_type: view.getUint8(at + 9),
    interlaced: view.getUint8(at + 12) === 1,
  };
  const allowed = BIT_DEPTHS[header.color_type];
  if (!allowed || !allowed.includes(header.bit_depth)) refuse('unknown colour type or bit depth');
  if (view.getUint8(at + 10) !== 0 || view.getUint8(at + 11) !== 0) refuse('unknown compression');
  if (view.getUint8(at + 12) > 1) refuse('unknown interlace method');
  for (const side of [header.width, header.height])
    if (side < SIGNATURE_MIN_SIDE_PX || side > SIGNATURE_MAX_SIDE_PX)
      refuse(`each side must be ${SIGNATURE_MIN_SIDE_PX} to ${SIGNATURE_MAX_SIDE_PX} pixels`);
  if (header.width * header.height > SIGNATURE_MAX_PIXELS)
    refuse(`it may have at most ${SIGNATURE_MAX_PIXELS} pixels`);
  return header;
}

/**
 * Reads a PNG's structure: the 8-byte signature, then chunks with valid CRCs, IHDR first with a
 * known format and sane dimensions, a palette when the colour type needs one, image data, and
 * IEND last with nothing after it. Anything else is `invalid_signature_image`.
 */
export function parseSignaturePng(bytes: Uint8Array): ParsedPng {
  if (bytes.length > SIGNATURE_PNG_MAX_BYTES) refuse('it is larger than 512 KB');
  if (bytes.length < PNG_SIGNATURE.length || PNG_SIGNATURE.some((byte, i) => bytes[i] !== byte))
    refuse('the PNG signature is missing');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = PNG_SIGNATURE.length;
  let header: PngHeader | null = null;
  let palette = false;
  const data: Uint8Array[] = [];
  for (;;) {
    if (at + 12 > bytes.length) refuse('it ends before IEND');
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const end = at + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || end > bytes.length) refuse('a chunk is broken');
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length))
      refuse(`the ${type} chunk fails its CRC`);
    if (header === null && type !== 'IHDR') refuse('IHDR is not the first chunk');
    if (type === 'IHDR') {
      if (header !== null) refuse('IHDR appears twice');
      header = headerOf(view, at + 8, length);
    } else if (type === 'PLTE') palette = true;
    else if (type === 'IDAT') data.push(bytes.subarray(at + 8, at + 8 + length));
    else if (type === 'IEND') {
      if (end !== bytes.length) refuse('bytes follow IEND');
      break;
    }
    at = end;
  }
  if (!header) return refuse('IHDR is missing');
  if (header.color_type === 3 && !palette) refuse('the palette is missing');
  if (data.length === 0) refuse('there is no image data');
  const image_data = new Uint8Array(data.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of data) {
    image_data.set(chunk, offset);
    offset += chunk.length;
  }
  return { header, image_data };
}

/** Adam7's passes: start and step, in x then y. */
const ADAM7 = [
  [0, 8, 0, 8],
  [4, 8, 0, 8],
  [0, 4, 4, 8],
  [2, 4, 0, 4],
  [0, 2, 2, 4],
  [1, 2, 0, 2],
  [0, 1, 1, 2],
] as const;

/** How many bytes the image data inflates to: a filter byte and the packed samples per row. */
export function inflatedImageBytes(header: PngHeader): number {
  const bits_per_pixel = header.bit_depth * CHANNELS[header.color_type]!;
  const rowBytes = (width: number) => 1 + Math.ceil((width * bits_per_pixel) / 8);
  if (!header.interlaced) return header.height * rowBytes(header.width);
  let total = 0;
  for (const [x0, dx, y0, dy] of ADAM7) {
    const width = Math.ceil((header.width - x0) / dx);
    const height = Math.ceil((header.height - y0) / dy);
    if (width > 0 && height > 0) total += height * rowBytes(width);
  }
  return total;
}

/**
 * The inflated image data must be exactly what the header promises, and every row must start
 * with a known filter (0 to 4): what a decoder needs to draw the picture.
 */
export function checkImageData(header: PngHeader, inflated: Uint8Array | null): void {
  if (!inflated || inflated.length !== inflatedImageBytes(header))
    refuse('the image data does not match its dimensions');
  if (!header.interlaced) {
    const row = inflated.length / header.height;
    for (let y = 0; y < header.height; y++)
      if (inflated[y * row]! > 4) refuse('a row has an unknown filter');
  }
}
