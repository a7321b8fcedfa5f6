import type { PlatformContext } from '@platform/runtime';

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
}

function positiveNumber(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
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
  };
}

export const NOTIFICATIONS_SETTINGS = Symbol('NOTIFICATIONS_SETTINGS');
