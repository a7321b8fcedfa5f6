import type { Environment } from '@platform/contracts';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';

export const SERVICE_ENVIRONMENT_HEADER = 'Service-Environment';
export const REQUEST_ID_RESPONSE_HEADER = 'X-Request-Id';

/**
 * Written on the raw response, so they survive every path out: errors, 404s, and handlers
 * that write the stream themselves (Server-Sent Events).
 */
export function standardHeadersHook(environment: Environment): onRequestHookHandler {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    setStandardHeaders(reply, environment, request.id);
    done();
  };
}

export function setStandardHeaders(
  reply: FastifyReply,
  environment: Environment,
  request_id: string,
): void {
  reply.raw.setHeader(SERVICE_ENVIRONMENT_HEADER, environment);
  reply.raw.setHeader(REQUEST_ID_RESPONSE_HEADER, request_id);
}
