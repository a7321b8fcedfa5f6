import { z } from 'zod';
import { idField, positiveAmountField } from './fields';

/**
 * `compliance.dispute_status_changed`: a payment dispute opened or changed status (decisions
 * D8). Stream: `dispute-<dispute_id>`.
 */
export const disputeStatusChangedSchema = z.object({
  dispute_id: idField,
  payin_id: idField,
  account_id: idField,
  status: z.enum(['needs_response', 'under_review', 'won', 'lost']),
  amount: positiveAmountField,
  currency: z.string().min(1),
});
export type DisputeStatusChanged = z.infer<typeof disputeStatusChangedSchema>;
