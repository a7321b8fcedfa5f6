import { z } from 'zod';
import { sharedSettings, type SettingsOf } from '@platform/runtime';

/** A fee: a non-negative decimal string with at most 2 decimals (never a JavaScript number). */
const feeSetting = () =>
  z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be a decimal amount with at most 2 decimals')
    .default('0.00');

/** The banking service's settings: its runtime parses them once at boot. */
export const bankingSettingsSchema = sharedSettings
  .pick({ SANDBOX_STEP_MS: true, DEAD_LETTER_MAX_ATTEMPTS: true, DEAD_LETTER_BACKOFF_MS: true })
  .extend({
    BANKING_PAYMENT_FEE_USD: feeSetting().describe(
      'fee of one outbound bank payment from a USD bank account, in USD (debited with the amount)',
    ),
    BANKING_PAYMENT_FEE_EUR: feeSetting().describe(
      'fee of one outbound bank payment from a EUR bank account, in EUR (debited with the amount)',
    ),
  });
export type BankingSettings = SettingsOf<typeof bankingSettingsSchema>;

export const BANKING_SETTINGS = Symbol('BANKING_SETTINGS');
