import type { PlatformContext } from '@platform/runtime';
import type { StreamLimitsPolicy } from '../domain/stream-admission';

/** The notifications service's settings, read once from the platform context. */
export interface NotificationsSettings {
  livemode: boolean;
  /** WEBHOOKS_ALLOW_LOOPBACK=true: http(s) callbacks to 127.0.0.1/localhost (never in live). */
  allow_loopback: boolean;
  /** WEBHOOK_RETRY_SCALE: multiplies the 0/5/20/45/80 s schedule (tests use a small one). */
  retry_scale: number;
  /** WEBHOOK_TIMEOUT_MS: one attempt's limit, connect to last byte. */
  attempt_timeout_ms: number;
  /** WEBHOOK_POLL_MS: how often the dispatcher looks for due attempts when not woken. */
  poll_interval_ms: number;
  /** EVENTS_RETENTION_DAYS: public events and delivery logs kept this long (90). */
  retention_days: number;
  /** EVENTS_RETENTION_SWEEP_MS: how often the retention job runs (hourly). */
  retention_sweep_ms: number;
  /**
   * EVENTS_STREAM_OPENINGS_PER_HOUR (600), EVENTS_MAX_STREAMS_PER_ACCOUNT (10) and
   * EVENTS_MAX_STREAMS_PER_ORG (1000): the stream limits, shared by every gateway.
   */
  stream_limits: StreamLimitsPolicy;
  /**
   * EVENTS_STREAM_LEASE_MS: how long a stream's slot stays taken without a renewal (60 s);
   * gateways renew on every heartbeat, so a few failed renewals do not drop a stream.
   */
  stream_lease_ms: number;
}

function positiveNumber(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

function positiveInteger(name: string, text: string | undefined, fallback: number): number {
  const value = positiveNumber(name, text, fallback);
  if (!Number.isInteger(value)) throw new Error(`${name} must be a positive integer`);
  return value;
}

export function readNotificationsSettings(context: PlatformContext): NotificationsSettings {
  const settings = context.settings;
  // Refused in live: the switch is ignored there (one process hosts both environments, so a
  // test run that sets it must still boot live), and live callbacks stay public-only.
  const allow_loopback =
    settings.WEBHOOKS_ALLOW_LOOPBACK === 'true' && context.environment !== 'live';
  return {
    livemode: context.environment === 'live',
    allow_loopback,
    retry_scale: positiveNumber('WEBHOOK_RETRY_SCALE', settings.WEBHOOK_RETRY_SCALE, 1),
    attempt_timeout_ms: positiveNumber('WEBHOOK_TIMEOUT_MS', settings.WEBHOOK_TIMEOUT_MS, 10_000),
    poll_interval_ms: positiveNumber('WEBHOOK_POLL_MS', settings.WEBHOOK_POLL_MS, 1_000),
    retention_days: positiveNumber('EVENTS_RETENTION_DAYS', settings.EVENTS_RETENTION_DAYS, 90),
    retention_sweep_ms: positiveNumber(
      'EVENTS_RETENTION_SWEEP_MS',
      settings.EVENTS_RETENTION_SWEEP_MS,
      3_600_000,
    ),
    stream_limits: {
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
    },
    stream_lease_ms: positiveInteger(
      'EVENTS_STREAM_LEASE_MS',
      settings.EVENTS_STREAM_LEASE_MS,
      60_000,
    ),
  };
}

export const NOTIFICATIONS_SETTINGS = Symbol('NOTIFICATIONS_SETTINGS');
