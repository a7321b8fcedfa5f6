import { DomainError } from '@platform/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// Matched on UTF-16 code units (no `u` flag): a NUL, a high surrogate not followed by a low one,
// or a low surrogate not preceded by a high one.
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * D12: no text a client sends may hold a NUL character or an unpaired UTF-16 surrogate. Neither
 * can be stored (PostgreSQL text refuses both), printed or signed faithfully, so they are refused
 * at the edge, once for every route, before any handler sees the request.
 */
export function isSafeText(text: string): boolean {
  return !UNSAFE_TEXT.test(text);
}

/** Where in the request an unsafe text was found; null when there is none. */
export function unsafeTextLocation(
  request: Pick<FastifyRequest, 'body' | 'query' | 'params' | 'headers'>,
): string | null {
  const parts: [string, unknown][] = [
    ['path', request.params],
    ['query', request.query],
    ['headers', request.headers],
    ['body', request.body],
  ];
  for (const [where, value] of parts) if (!isSafeValue(value)) return where;
  return null;
}

/**
 * Every string and every key of a parsed JSON value, walked without recursion: a deeply nested
 * body must not overflow the stack.
 */
function isSafeValue(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (!isSafeText(value)) return false;
    } else if (Array.isArray(value)) {
      pending.push(...value);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, entry] of Object.entries(value)) {
        if (!isSafeText(key)) return false;
        pending.push(entry);
      }
    }
  }
  return true;
}

/** Installs the rule for every route: 400 `invalid_request`, nothing of the text echoed. */
export function refuseUnsafeText(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (request) => {
    if (request.is404) return;
    const where = unsafeTextLocation(request);
    if (where === null) return;
    throw new DomainError(
      'invalid_request',
      `the request ${where} holds a NUL character or an unpaired surrogate; text must be valid Unicode without NUL`,
    );
  });
}
