import { z } from 'zod';
import type { Environment } from '@platform/contracts';
import { sharedSettings, type SettingsOf } from '@platform/runtime';
import { DEFAULT_RATE_LIMIT } from './http/gateway-options';
import type { RateLimitPolicy } from './http/rate-limit/rate-limit-store';

/** The gateway's settings: its runtime parses them once at boot. */
export const gatewaySettingsSchema = sharedSettings
  .pick({
    OPERATOR_TOKEN: true,
    JWT_SECRET: true,
    PUBLIC_BASE_URL: true,
    PUBLIC_BASE_URL_TEST: true,
    PUBLIC_BASE_URL_LIVE: true,
  })
  .extend({
    PORT: z.coerce
      .number()
      .int()
      .min(0)
      .max(65535)
      .optional()
      .meta({ unset: '8080 sandbox, 8081 live' })
      .describe('the distributed gateway’s port: the API, `/healthz` and `/readyz`'),
    SERVICE_VERSION: z
      .string()
      .optional()
      .meta({ unset: 'the API version' })
      .describe('the version the distributed gateway’s `/healthz` reports'),
    RATE_LIMIT_PER_SECOND: z
      .union([z.literal('off'), z.coerce.number().positive()])
      .default(DEFAULT_RATE_LIMIT.per_second)
      .describe('requests per second per credential; `off` only for benchmarks'),
    RATE_LIMIT_BURST: z.coerce
      .number()
      .min(1)
      .default(DEFAULT_RATE_LIMIT.burst)
      .describe('the burst of requests a credential may send at once'),
    EVENTS_STREAM_HEARTBEAT_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(15_000)
      .describe(
        'SSE heartbeat of `GET /v1/events` (also the operator’s bus tail’s); the gateway renews its streams’ leases at the same cadence',
      ),
  });
export type GatewaySettings = SettingsOf<typeof gatewaySettingsSchema>;

export const GATEWAY_SETTINGS = Symbol('GATEWAY_SETTINGS');

/** The request limit per credential; false when `RATE_LIMIT_PER_SECOND=off` (benchmarks only). */
export function rateLimitOf(settings: GatewaySettings): RateLimitPolicy | false {
  if (settings.RATE_LIMIT_PER_SECOND === 'off') return false;
  return { per_second: settings.RATE_LIMIT_PER_SECOND, burst: settings.RATE_LIMIT_BURST };
}

/** The configured public address of one environment (behind a proxy), if any. */
export function configuredBaseUrl(
  settings: GatewaySettings,
  environment: Environment,
): string | undefined {
  return environment === 'live' ? settings.PUBLIC_BASE_URL_LIVE : settings.PUBLIC_BASE_URL_TEST;
}
