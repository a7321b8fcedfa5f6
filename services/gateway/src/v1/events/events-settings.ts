import type { PlatformContext } from '@platform/runtime';

/** The stream's numbers (decisions D7 and spec section 8), configurable per deployment. */
export interface EventsSettings {
  /** EVENTS_STREAM_HEARTBEAT_MS: a comment line this often keeps proxies from closing (15 s). */
  heartbeat_ms: number;
  /** EVENTS_STREAM_OPENINGS_PER_HOUR: stream openings per client address (600). */
  openings_per_hour: number;
  /** EVENTS_MAX_STREAMS_PER_ACCOUNT: concurrent streams of one account per gateway (10). */
  max_streams_per_account: number;
  /** EVENTS_MAX_STREAMS_PER_ORG: concurrent streams of one organization per gateway (1000). */
  max_streams_per_org: number;
}

function positiveInteger(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

export function readEventsSettings(context: PlatformContext): EventsSettings {
  const settings = context.settings;
  return {
    heartbeat_ms: positiveInteger(
      'EVENTS_STREAM_HEARTBEAT_MS',
      settings.EVENTS_STREAM_HEARTBEAT_MS,
      15_000,
    ),
    openings_per_hour: positiveInteger(
      'EVENTS_STREAM_OPENINGS_PER_HOUR',
      settings.EVENTS_STREAM_OPENINGS_PER_HOUR,
      600,
    ),
    max_streams_per_account: positiveInteger(
      'EVENTS_MAX_STREAMS_PER_ACCOUNT',
      settings.EVENTS_MAX_STREAMS_PER_ACCOUNT,
      10,
    ),
    max_streams_per_org: positiveInteger(
      'EVENTS_MAX_STREAMS_PER_ORG',
      settings.EVENTS_MAX_STREAMS_PER_ORG,
      1_000,
    ),
  };
}

export const EVENTS_SETTINGS = Symbol('EVENTS_SETTINGS');
