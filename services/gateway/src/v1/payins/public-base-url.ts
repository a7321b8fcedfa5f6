import type { FastifyRequest } from 'fastify';
import type { Environment } from '@platform/contracts';
import { configuredBaseUrl, type GatewaySettings } from '../../gateway.settings';

/**
 * The environment's own public address (`{base}` of spec §4): `PUBLIC_BASE_URL_TEST` or
 * `PUBLIC_BASE_URL_LIVE` when configured (behind a proxy), else the address the client reached.
 */
export function publicBaseUrl(
  request: FastifyRequest,
  environment: Environment,
  settings: GatewaySettings,
): string {
  const configured = configuredBaseUrl(settings, environment);
  if (configured) return configured.replace(/\/+$/, '');
  const host = request.headers.host ?? request.hostname;
  return `${request.protocol}://${host}`;
}
