import { DomainError } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';

/** Room for the multipart envelope (boundaries, part headers) around the file itself. */
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

/**
 * Accepts `multipart/form-data` on the routes given (and only there: elsewhere it stays 415
 * `unsupported_media_type`), up to `max_file_bytes` of file. A larger body answers
 * `too_large_code` (413) without being read to its end.
 */
export function useMultipartUploads(
  fastify: FastifyInstance,
  options: { routes: readonly string[]; max_file_bytes: number; too_large_code: 'file_too_large' },
): void {
  const limit = options.max_file_bytes + ENVELOPE_BYTES;
  fastify.addContentTypeParser(/^multipart\/form-data\b/i, (request, payload, done) => {
    if (request.is404) return done(null, undefined);
    if (!options.routes.includes(request.routeOptions.url ?? '')) {
      return done(
        new DomainError('unsupported_media_type', 'this route reads application/json'),
        undefined,
      );
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (error: Error | null, body?: MultipartBody) => {
      if (finished) return;
      finished = true;
      done(error, body);
    };
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        payload.removeAllListeners('data');
        payload.resume();
        finish(new DomainError(options.too_large_code, 'the file is too large'));
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () =>
      finish(null, new MultipartBody(Buffer.concat(chunks), request.headers['content-type'] ?? '')),
    );
    payload.on('error', (error) => finish(error));
  });
}

/**
 * The one file of a `multipart/form-data` body in the field `field` (RFC 7578). Anything else
 * (no boundary, no such field, two files) is 400 `invalid_request`.
 */
export function fileOfMultipart(body: MultipartBody, field: string): UploadedFile {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(body.content_type);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) throw invalid('the multipart body has no boundary');
  const delimiter = Buffer.from(`--${marker}`);
  const bytes = body.bytes;
  const files: UploadedFile[] = [];
  let start = bytes.indexOf(delimiter);
  while (start !== -1) {
    const after = start + delimiter.length;
    if (bytes.subarray(after, after + 2).toString('latin1') === '--') break;
    const next = bytes.indexOf(delimiter, after);
    if (next === -1) throw invalid('the multipart body is not terminated');
    const part = bytes.subarray(after + 2, next - 2); // CRLF after the delimiter, CRLF before the next
    const split = part.indexOf('\r\n\r\n');
    if (split === -1) throw invalid('a multipart part has no headers');
    const headers = part.subarray(0, split).toString('utf8');
    const disposition = /content-disposition:\s*form-data(.*)/i.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === field) {
      const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? 'file';
      files.push({ filename: filename.slice(0, 255), bytes: part.subarray(split + 4) });
    }
    start = next;
  }
  if (files.length === 0) throw invalid(`send the file in the multipart field \`${field}\``);
  if (files.length > 1) throw invalid('one file a request');
  return files[0] as UploadedFile;
}

const invalid = (message: string) => new DomainError('invalid_request', message);
