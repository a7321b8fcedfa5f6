import { z } from 'zod';
import { millisecondsSetting, sharedSettings, type SettingsOf } from '@platform/runtime';

/** The compliance service's settings: its runtime parses them once at boot. */
export const complianceSettingsSchema = sharedSettings.pick({ SANDBOX_STEP_MS: true }).extend({
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
  AML_LIST_CHECK_MS: millisecondsSetting()
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
  VERIFICATION_LINK_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(720)
    .default(24)
    .describe('how long a hosted identity verification link stays open (24 hours)'),
  VERIFICATION_DOCUMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(700 * 1024)
    .describe(
      'largest identity document or selfie a hosted verification page accepts (700 KB: it travels base64 in a JSON body of at most 1 MB)',
    ),
});
export type ComplianceSettings = SettingsOf<typeof complianceSettingsSchema>;

export const COMPLIANCE_SETTINGS = Symbol('COMPLIANCE_SETTINGS');
