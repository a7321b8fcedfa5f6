import { DomainError } from '@platform/contracts';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { rateLimitKey } from './rate-limit-key';
import type { RateLimitPolicy, RateLimitStore } from './rate-limit-store';

/** Probes of the orchestrator must not be starved by a busy client on the same address. */
const UNLIMITED_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

export function rateLimitHook(
  store: RateLimitStore,
  policy: RateLimitPolicy,
): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (UNLIMITED_PATHS.has(request.url.split('?', 1)[0] ?? '')) return;
    const decision = await store.consume(rateLimitKey(request.headers, request.ip), policy);
    if (decision.allowed) return;
    void reply.header(
      'Retry-After',
      String(Math.max(1, Math.ceil(decision.retry_after_ms / 1000))),
    );
    throw new DomainError('rate_limited', 'too many requests; retry later');
  };
}
