import { z } from 'zod';
import type { Environment } from '@platform/contracts';
import { booleanSetting, sharedSettings, type SettingsOf } from '@platform/runtime';
import type { StreamLimitsPolicy } from './domain/stream-admission';

const positive = () => z.coerce.number().positive();
const positiveInteger = () => z.coerce.number().int().positive();

/** The notifications service's settings: its runtime parses them once at boot. */
export const notificationsSettingsSchema = sharedSettings
  .pick({
    OPERATOR_TOKEN: true,
    JWT_SECRET: true,
    DEAD_LETTER_MAX_ATTEMPTS: true,
    DEAD_LETTER_BACKOFF_MS: true,
  })
  .extend({
    WEBHOOK_SECRET_KEY: z
      .string()
      .min(32, 'must have at least 32 characters')
      .optional()
      .meta({
        unset:
          'derived from `OPERATOR_TOKEN`, else `JWT_SECRET` (a fixed key in the sandbox without either)',
      })
      .describe(
        'encryption key (AES-256-GCM) of stored webhook secrets, at least 32 characters; required in live',
      ),
    WEBHOOKS_ALLOW_LOOPBACK: booleanSetting()
      .default(false)
      .describe(
        '`true` lets `http(s)://127.0.0.1` and `localhost` callbacks through for development and tests (ignored in live)',
      ),
    WEBHOOK_TIMEOUT_MS: positive()
      .default(10_000)
      .describe('one webhook attempt’s time limit, connect to last byte'),
    WEBHOOK_RETRY_SCALE: positive()
      .default(1)
      .describe('scale of the 0/5/20/45/80 s webhook retry schedule (tests use a small one)'),
    WEBHOOK_POLL_MS: positive()
      .default(1_000)
      .describe('how often the webhook dispatcher looks for due attempts when not woken'),
    EVENTS_RETENTION_DAYS: positive()
      .default(90)
      .describe('public event history (and webhook delivery logs) kept this long'),
    EVENTS_RETENTION_SWEEP_MS: positive()
      .default(3_600_000)
      .describe('how often the retention job sweeps the history (hourly)'),
    EVENTS_STREAM_OPENINGS_PER_HOUR: positiveInteger()
      .default(600)
      .describe('`GET /v1/events` openings per IP per sliding hour, for all gateways'),
    EVENTS_MAX_STREAMS_PER_ACCOUNT: positiveInteger()
      .default(10)
      .describe('concurrent streams of one account (or organization admin), for all gateways'),
    EVENTS_MAX_STREAMS_PER_ORG: positiveInteger()
      .default(1_000)
      .describe('concurrent streams of one organization, its admins’ included, for all gateways'),
    EVENTS_STREAM_LEASE_MS: positiveInteger()
      .default(60_000)
      .describe(
        'a stream’s slot stays taken this long unrenewed (gateways renew on the heartbeat): a dead gateway’s slots free themselves',
      ),
  });
export type NotificationsSettings = SettingsOf<typeof notificationsSettingsSchema>;

export const NOTIFICATIONS_SETTINGS = Symbol('NOTIFICATIONS_SETTINGS');

/**
 * The settings as one environment sees them: WEBHOOKS_ALLOW_LOOPBACK is ignored in live (one
 * process hosts both environments, so a test run that sets it must still boot live, and live
 * callbacks stay public-only).
 */
export function notificationsSettingsIn(
  environment: Environment,
  settings: NotificationsSettings,
): NotificationsSettings {
  if (environment !== 'live') return settings;
  return Object.freeze({ ...settings, WEBHOOKS_ALLOW_LOOPBACK: false });
}

/** The stream limits every gateway of the environment shares. */
export function streamLimitsOf(settings: NotificationsSettings): StreamLimitsPolicy {
  return {
    openings_per_hour: settings.EVENTS_STREAM_OPENINGS_PER_HOUR,
    max_streams_per_account: settings.EVENTS_MAX_STREAMS_PER_ACCOUNT,
    max_streams_per_org: settings.EVENTS_MAX_STREAMS_PER_ORG,
  };
}
