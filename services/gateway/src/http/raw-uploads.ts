import type { ErrorCode } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { limitedBodyParser } from './limited-body';

/**
 * A body taken as it came (an image sent as the request body); the bytes are private so that hooks
 * walking the parsed body (the unsafe-text rule) never walk them byte by byte.
 */
export class RawBody {
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

/**
 * Takes a body of any type other than JSON and multipart, as raw bytes, on the routes given (and
 * only there: elsewhere it stays 415 `unsupported_media_type`), up to the route's bytes; a larger
 * body answers `too_large_code` without being read to its end. What the bytes are is the route's
 * to check.
 */
export function useRawUploads(
  fastify: FastifyInstance,
  options: { routes: Readonly<Record<string, number>>; too_large_code: ErrorCode },
): void {
  fastify.addContentTypeParser(
    '*',
    limitedBodyParser({
      ...options,
      wrap: (bytes, content_type) => new RawBody(bytes, content_type),
    }),
  );
}
