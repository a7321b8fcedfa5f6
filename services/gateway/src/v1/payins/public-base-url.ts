import type { FastifyRequest } from 'fastify';
import type { PlatformContext } from '@platform/runtime';

/**
 * The environment's own public address (`{base}` of spec §4): `PUBLIC_BASE_URL_TEST` or
 * `PUBLIC_BASE_URL_LIVE` when configured (behind a proxy), else the address the client reached.
 */
export function publicBaseUrl(request: FastifyRequest, context: PlatformContext): string {
  const configured = context.settings[`PUBLIC_BASE_URL_${context.environment.toUpperCase()}`];
  if (configured) return configured.replace(/\/+$/, '');
  const host = request.headers.host ?? request.hostname;
  return `${request.protocol}://${host}`;
}
