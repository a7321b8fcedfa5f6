import { DomainError } from '@platform/contracts';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { rateLimitKey } from './rate-limit-key';
import type { RateLimitPolicy, RateLimitQuota, RateLimitStore } from './rate-limit-store';

/** Probes of the orchestrator must not be starved by a busy client on the same address. */
const UNLIMITED_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

export function rateLimitHook(
  store: RateLimitStore,
  policy: RateLimitPolicy,
): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (UNLIMITED_PATHS.has(request.url.split('?', 1)[0] ?? '')) return;
    const decision = await store.consume(rateLimitKey(request.headers, request.ip), policy);
    setRateLimitHeaders(reply, decision.quota);
    if (decision.allowed) return;
    reply.raw.setHeader('Retry-After', String(wholeSeconds(decision.retry_after_ms)));
    throw new DomainError('rate_limited', 'too many requests; retry later');
  };
}

/**
 * The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers) on every limited answer, on
 * the raw response so streams and errors carry them too. Reset: seconds until the bucket is full.
 */
export function setRateLimitHeaders(reply: FastifyReply, quota: RateLimitQuota): void {
  reply.raw.setHeader('RateLimit-Limit', String(quota.limit));
  reply.raw.setHeader('RateLimit-Remaining', String(quota.remaining));
  reply.raw.setHeader('RateLimit-Reset', String(Math.ceil(quota.reset_ms / 1000)));
}

function wholeSeconds(duration_ms: number): number {
  return Math.max(1, Math.ceil(duration_ms / 1000));
}
