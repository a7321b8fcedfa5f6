import { z } from 'zod';
import { sharedSettings, type SettingsOf } from '@platform/runtime';

/** The payouts service's settings: its runtime parses them once at boot. */
export const payoutsSettingsSchema = sharedSettings
  .pick({ SANDBOX_STEP_MS: true, DEAD_LETTER_MAX_ATTEMPTS: true, DEAD_LETTER_BACKOFF_MS: true })
  .extend({
    /**
     * A claimed key whose create has not finished after this long belongs to a process that
     * died mid-create (bus calls time out after 30 s): its hold is released and the key freed,
     * so the client's retry with the same key creates the payout.
     */
    PAYOUTS_CLAIM_RECOVERY_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(120_000)
      .describe(
        'after how long a payout create cut short by a crash gives back its hold and idempotency key (2 minutes)',
      ),
  });
export type PayoutsSettings = SettingsOf<typeof payoutsSettingsSchema>;

export const PAYOUTS_SETTINGS = Symbol('PAYOUTS_SETTINGS');
