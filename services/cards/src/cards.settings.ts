import { z } from 'zod';
import { booleanSetting, type SettingsOf } from '@platform/runtime';

/** The cards service's settings: its runtime parses them once at boot. */
export const cardsSettingsSchema = z.object({
  CARD_MONTHLY_FEE: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,8})?$/, 'must be a decimal amount such as 1.00')
    .default('1.00')
    .describe(
      "monthly fee of each active or frozen card, in the account's settlement asset; `0` charges nothing",
    ),
  CARD_PHYSICAL_AVAILABLE: booleanSetting()
    .default(true)
    .describe(
      '`false` stops issuing physical cards (400 `physical_temporarily_unavailable`); virtual cards go on',
    ),
});
export type CardsSettings = SettingsOf<typeof cardsSettingsSchema>;

export const CARDS_SETTINGS = Symbol('CARDS_SETTINGS');
