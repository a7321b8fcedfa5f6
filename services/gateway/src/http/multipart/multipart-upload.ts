import { DomainError } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { limitedBodyParser } from '../limited-body';
import { isSafeText } from '../validation/text-input.hook';

/** Room for the multipart envelope (boundaries, part headers, text fields) around the files. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * A multipart body as received; the bytes are private so that hooks walking the parsed body
 * (the unsafe-text rule) never walk a file byte by byte.
 */
export class MultipartBody {
  readonly #bytes: Buffer;
  constructor(
    bytes: Buffer,
    readonly content_type: string,
  ) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

/** One part of a multipart body: a file (with its file name) or a text field (`filename` null). */
export interface MultipartPart {
  name: string;
  filename: string | null;
  bytes: Buffer;
}

/**
 * Accepts `multipart/form-data` on the routes given (and only there: elsewhere it stays 415
 * `unsupported_media_type`), up to the route's bytes of files. A larger body answers
 * `too_large_code` (413) without being read to its end.
 */
export function useMultipartUploads(
  fastify: FastifyInstance,
  options: {
    /** Route (as declared, `/v1/reviews/:id/files`) to the most bytes of files it takes. */
    routes: Readonly<Record<string, number>>;
    too_large_code: 'file_too_large';
  },
): void {
  fastify.addContentTypeParser(
    /^multipart\/form-data\b/i,
    limitedBodyParser({
      routes: options.routes,
      too_large_code: options.too_large_code,
      overhead_bytes: ENVELOPE_BYTES,
      wrap: (bytes, content_type) => new MultipartBody(bytes, content_type),
    }),
  );
}

/**
 * The parts of a `multipart/form-data` body (RFC 7578), in order, bytes untouched. A malformed
 * body (no boundary, not terminated, a part without headers or name) is 400 `invalid_request`.
 */
export function partsOfMultipart(body: MultipartBody): MultipartPart[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(body.content_type);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) throw invalid('the multipart body has no boundary');
  const delimiter = Buffer.from(`--${marker}`);
  const bytes = body.bytes;
  const parts: MultipartPart[] = [];
  let start = bytes.indexOf(delimiter);
  while (start !== -1) {
    const after = start + delimiter.length;
    if (bytes.subarray(after, after + 2).toString('latin1') === '--') return parts;
    const next = bytes.indexOf(delimiter, after);
    if (next === -1) throw invalid('the multipart body is not terminated');
    const part = bytes.subarray(after + 2, next - 2); // CRLF after the delimiter, CRLF before the next
    const split = part.indexOf('\r\n\r\n');
    if (split === -1) throw invalid('a multipart part has no headers');
    const headers = part.subarray(0, split).toString('utf8');
    const disposition = /content-disposition:\s*form-data(.*)/i.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) throw invalid('a multipart part has no name');
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    if (!isSafeText(name) || (filename !== undefined && !isSafeText(filename))) {
      throw invalid('a multipart part name holds a NUL character');
    }
    parts.push({
      name,
      filename: filename === undefined ? null : filename.slice(0, 255) || 'file',
      bytes: part.subarray(split + 4),
    });
    start = next;
  }
  throw invalid('the multipart body is not terminated');
}

/** The files of the field `field`, in order (none when there are none). */
export function filesOfMultipart(body: MultipartBody, field: string): UploadedFile[] {
  return partsOfMultipart(body)
    .filter((part) => part.name === field && part.filename !== null)
    .map((part) => ({ filename: part.filename ?? 'file', bytes: part.bytes }));
}

/**
 * The one file of a `multipart/form-data` body in the field `field`. Anything else (no
 * boundary, no such field, two files) is 400 `invalid_request`.
 */
export function fileOfMultipart(body: MultipartBody, field: string): UploadedFile {
  const files = filesOfMultipart(body, field);
  if (files.length === 0) throw invalid(`send the file in the multipart field \`${field}\``);
  if (files.length > 1) throw invalid('one file a request');
  return files[0] as UploadedFile;
}

/**
 * The text field `field` (UTF-8), undefined when absent. A file in its place, the field twice,
 * text that is not UTF-8 or that holds a NUL character: 400 `invalid_request`.
 */
export function textOfMultipart(body: MultipartBody, field: string): string | undefined {
  const parts = partsOfMultipart(body).filter((part) => part.name === field);
  if (parts.length === 0) return undefined;
  const [part] = parts;
  if (parts.length > 1 || !part || part.filename !== null) {
    throw invalid(`send one text field \`${field}\``);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(part.bytes);
  } catch {
    throw invalid(`the field \`${field}\` is not UTF-8 text`);
  }
  if (!isSafeText(text)) throw invalid(`the field \`${field}\` holds a NUL character`);
  return text;
}

const invalid = (message: string) => new DomainError('invalid_request', message);
