import { z } from 'zod';
import type { SettingsOf } from '@platform/runtime';

/** Milliseconds written in digits only (up to 10 of them). */
const milliseconds = () =>
  z
    .string()
    .regex(/^\d{1,10}$/, 'must be a whole number of milliseconds')
    .transform(Number);

/** The compliance service's settings: its runtime parses them once at boot. */
export const complianceSettingsSchema = z.object({
  AML_SANCTIONS_LIST_FILE: z
    .string()
    .min(1)
    .optional()
    .meta({ unset: 'the bundled sample `services/compliance/lists/ofac-sdn.sample.csv`' })
    .describe(
      "the sanctions list AML screening reads: a file in the U.S. Treasury's OFAC SDN CSV format (`sdn.csv`)",
    ),
  AML_PEP_LIST_FILE: z
    .string()
    .min(1)
    .optional()
    .meta({ unset: 'the bundled sample `services/compliance/lists/pep.sample.csv`' })
    .describe(
      "the politically exposed persons list AML screening reads: a file in OpenSanctions' simple CSV format (`targets.simple.csv`)",
    ),
  AML_LIST_CHECK_MS: milliseconds()
    .default(60_000)
    .describe(
      "how often the list files' content is hashed; a changed file is reloaded and the monitored subjects rescreened",
    ),
  COMPLIANCE_SCREENING: z
    .enum(['available', 'unavailable'])
    .default('available')
    .describe(
      'payout screening until an operator sets it; `unavailable` is the drill: payouts wait in `compliance_pending` until an operator sets screening available again',
    ),
});
export type ComplianceSettings = SettingsOf<typeof complianceSettingsSchema>;

export const COMPLIANCE_SETTINGS = Symbol('COMPLIANCE_SETTINGS');
