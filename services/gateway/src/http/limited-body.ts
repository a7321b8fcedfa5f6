import { DomainError, type ErrorCode } from '@platform/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * A body parser for the routes that take files: the route (as declared) says how many bytes it
 * takes, a route not listed answers 415 `unsupported_media_type` (the API reads JSON), and a
 * larger body answers `too_large_code` without being read to its end.
 */
export function limitedBodyParser<Body>(options: {
  routes: Readonly<Record<string, number>>;
  too_large_code: ErrorCode;
  /** Bytes allowed beyond the route's (a multipart envelope). */
  overhead_bytes?: number;
  wrap: (bytes: Buffer, content_type: string) => Body;
}) {
  return (
    request: FastifyRequest,
    payload: NodeJS.ReadableStream,
    done: (error: Error | null, body?: Body) => void,
  ): void => {
    if (request.is404) return done(null, undefined);
    const route = request.routeOptions.url ?? '';
    const max_bytes = Object.hasOwn(options.routes, route) ? options.routes[route] : undefined;
    if (max_bytes === undefined)
      return done(new DomainError('unsupported_media_type', 'this route reads application/json'));
    const limit = max_bytes + (options.overhead_bytes ?? 0);
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (error: Error | null, body?: Body) => {
      if (finished) return;
      finished = true;
      done(error, body);
    };
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        payload.removeAllListeners('data');
        payload.resume();
        finish(new DomainError(options.too_large_code, 'the body is too large'));
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () =>
      finish(null, options.wrap(Buffer.concat(chunks), request.headers['content-type'] ?? '')),
    );
    payload.on('error', (error: Error) => finish(error));
  };
}
