import { millisecondsSetting, sharedSettings, type SettingsOf } from '@platform/runtime';
import { WOKEN_IDLE_POLL_MS } from '@platform/persistence';

/** The payins service's settings: its runtime parses them once at boot. */
export const payinsSettingsSchema = sharedSettings
  .pick({ SANDBOX_STEP_MS: true, DEAD_LETTER_MAX_ATTEMPTS: true, DEAD_LETTER_BACKOFF_MS: true })
  .extend({
    PAYINS_POLL_MS: millisecondsSetting()
      .optional()
      .meta({ unset: '`SANDBOX_STEP_MS`, held between 10 and 500' })
      .describe('how often the payin scheduler looks for due collection steps and expiries'),
    PAYINS_SETTLEMENT_INTERVAL_MS: millisecondsSetting()
      .default(60_000)
      .describe('how often the card settlement worker credits due settlements (every minute)'),
    PAYINS_QR_EXPIRY_MS: millisecondsSetting()
      .optional()
      .meta({ unset: 'the corridor’s default expiry' })
      .describe('expiry of QR collections'),
  });
export type PayinsSettings = SettingsOf<typeof payinsSettingsSchema>;

export const PAYINS_SETTINGS = Symbol('PAYINS_SETTINGS');

const MAX_POLL_MS = 500;
const MIN_POLL_MS = 10;

/**
 * The scheduler's longest pause while nothing is due (see `PollCadence`): the store's appends
 * wake it (PayinsLifecycle), so only work nothing announced (a retry, an expiry) waits this long.
 */
export const COLLECTION_IDLE_POLL_MS = WOKEN_IDLE_POLL_MS;

/** The scheduler's cadence: PAYINS_POLL_MS, else the sandbox step held between 10 and 500 ms. */
export function collectionPollMs(settings: PayinsSettings): number {
  return (
    settings.PAYINS_POLL_MS ??
    Math.max(MIN_POLL_MS, Math.min(settings.SANDBOX_STEP_MS, MAX_POLL_MS))
  );
}
