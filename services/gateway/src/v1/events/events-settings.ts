import type { PlatformContext } from '@platform/runtime';

/**
 * The gateway's side of the stream (decisions D7), configurable per deployment. The stream
 * limits (EVENTS_STREAM_OPENINGS_PER_HOUR, EVENTS_MAX_STREAMS_PER_ACCOUNT,
 * EVENTS_MAX_STREAMS_PER_ORG, EVENTS_STREAM_LEASE_MS) are the notifications service's, which
 * counts them for every gateway.
 */
export interface EventsSettings {
  /**
   * EVENTS_STREAM_HEARTBEAT_MS: a comment line this often keeps proxies from closing (15 s);
   * the gateway renews its streams' leases at the same cadence.
   */
  heartbeat_ms: number;
}

function positiveInteger(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

export function readEventsSettings(context: PlatformContext): EventsSettings {
  return {
    heartbeat_ms: positiveInteger(
      'EVENTS_STREAM_HEARTBEAT_MS',
      context.settings.EVENTS_STREAM_HEARTBEAT_MS,
      15_000,
    ),
  };
}

export const EVENTS_SETTINGS = Symbol('EVENTS_SETTINGS');
