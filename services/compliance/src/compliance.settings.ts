import { z } from 'zod';
import type { SettingsOf } from '@platform/runtime';

/** The compliance service's settings: its runtime parses them once at boot. */
export const complianceSettingsSchema = z.object({
  COMPLIANCE_SCREENING: z
    .enum(['available', 'unavailable'])
    .default('available')
    .describe(
      'payout screening until an operator sets it; `unavailable` is the drill: payouts wait in `compliance_pending` until an operator sets screening available again',
    ),
});
export type ComplianceSettings = SettingsOf<typeof complianceSettingsSchema>;

export const COMPLIANCE_SETTINGS = Symbol('COMPLIANCE_SETTINGS');
