import { z } from 'zod';
import { amlMatch, AML_SCREENING_STATUSES } from '../commands/aml';
import { idField } from './fields';

/**
 * The compliance service's domain events. `data` carries the public payload of spec §6, so
 * notifications projects it mechanically. Stream: `aml-screening-<screening_id>`.
 */
export const amlScreeningUpdatedSchema = z.object({
  account_id: idField,
  /** What happened: `rescreened` (asked for) or `monitoring` (a list changed). */
  screening_event: z.enum(['rescreened', 'monitoring']),
  /** The screened subject: its screening's id. */
  customer_id: idField,
  data: z.object({
    screening_id: idField,
    status: z.enum(AML_SCREENING_STATUSES),
    previous_status: z.enum(AML_SCREENING_STATUSES),
    matches: z.array(amlMatch),
    updated_at: z.string(),
  }),
});
export type AmlScreeningUpdated = z.infer<typeof amlScreeningUpdatedSchema>;
