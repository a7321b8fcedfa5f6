import type { Environment } from '@platform/contracts';
import type { Logger } from 'pino';
import type { GatewaySettings } from '../gateway.settings';
import type { RateLimitPolicy, RateLimitStore } from './rate-limit/rate-limit-store';

/** The interface description's version identifier (spec section 9). */
export const API_VERSION = '2.166';
/** Request bodies above this size answer 413 payload_too_large unless configured otherwise. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
/** D7: the general request limit per credential. */
export const DEFAULT_RATE_LIMIT: RateLimitPolicy = { per_second: 50, burst: 100 };

export interface GatewayAppOptions {
  environment: Environment;
  /** The gateway's settings, parsed once at boot; injectable as GATEWAY_SETTINGS. */
  settings: GatewaySettings;
  /** Extra Nest modules to mount (the controllers of the public surface). */
  imports?: any[];
  /** Reported by /healthz; defaults to API_VERSION. */
  version?: string;
  /**
   * Default: RATE_LIMIT_PER_SECOND and RATE_LIMIT_BURST of the settings. false turns the limiter
   * off (benchmarks, tools); a store replaces the in-memory one.
   */
  rate_limit?: RateLimitPolicy | false;
  rate_limit_store?: RateLimitStore;
  body_limit_bytes?: number;
  /** The address clients use, written into the OpenAPI `servers`; '/' when unknown. */
  public_base_url?: string;
  logger?: Logger;
  /** Behind a load balancer: Fastify's trustProxy, so anonymous requests are keyed by the client address. */
  trust_proxy?: boolean | string | string[] | number;
}

/** Options after defaults, as providers see them. */
export interface GatewayOptions {
  environment: Environment;
  version: string;
  public_base_url: string;
}

export const GATEWAY_OPTIONS = Symbol('GATEWAY_OPTIONS');
export const GATEWAY_LOGGER = Symbol('GATEWAY_LOGGER');
