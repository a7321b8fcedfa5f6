import type { FastifyInstance } from 'fastify';

/** How long a closing gateway lets the requests in flight finish before it cuts their connections. */
export const CLOSE_GRACE_MS = 5_000;

/**
 * Fastify's close stops taking connections, ends the idle ones and waits for the rest. A keep-alive
 * connection whose request finishes after that waits out its idle timeout, and a client that
 * stopped halfway (a reader that never drains a download) holds the wait a minute or more: a
 * rollout, or a test suite's close, waited with it. So once closing, a connection is ended as soon
 * as its request is answered, and whatever still runs after the grace is cut.
 */
export function useBoundedClose(fastify: FastifyInstance, grace_ms = CLOSE_GRACE_MS): void {
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    const cut = setTimeout(() => fastify.server.closeAllConnections(), grace_ms);
    // Never what keeps a process alive; once the server has closed there is nothing left to cut.
    cut.unref();
    fastify.server.once('close', () => clearTimeout(cut));
    done();
  });
  fastify.addHook('onResponse', (_request, _reply, done) => {
    // After this turn the connection is idle: end it, as close did the idle ones when it began.
    if (closing) setImmediate(() => fastify.server.closeIdleConnections());
    done();
  });
}
