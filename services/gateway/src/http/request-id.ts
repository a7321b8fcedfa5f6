import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

// An incoming id is kept when it is short and made of token characters, so it can be logged
// and echoed without letting a client inject anything into logs or headers.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function isSaneRequestId(value: unknown): value is string {
  return typeof value === 'string' && SANE_REQUEST_ID.test(value);
}

export function newRequestId(): string {
  return `req_${randomUUID().replace(/-/g, '')}`;
}

/** Fastify's genReqId: the client's X-Request-Id when sane, else a fresh one. */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return isSaneRequestId(incoming) ? incoming : newRequestId();
}
