import { z } from 'zod';
import { assetField, idField } from './fields';

const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'a plain decimal string');

/**
 * `payouts.payout_status_changed`: every change of a payout's status or status_code. `data` is
 * the public `payout_status_changed` payload of spec section 6 plus the fields of the
 * cross-team event contract; the envelope's account_id is the payout's account.
 */
export const payoutStatusChangedSchema = z.object({
  payout_id: idField,
  account_id: idField,
  country: z.string().min(1),
  currency: z.string().min(1),
  local_amount: decimal,
  usdt_amount: decimal,
  total_debit: decimal,
  status: z.enum(['pending', 'in_review', 'processing', 'completed', 'failed']),
  status_code: z.string().min(1),
  status_message: z.string(),
  funds_debited: z.boolean(),
  predebit_failure: z.boolean(),
  compliance_pending: z.boolean(),
  receipt_url: z.string().nullable(),
  settlement_asset: assetField,
  idempotency_key: z.string().min(1).optional(),
  /**
   * The beneficiary's tax id as the client sent it: for risk-scoring's payment history of
   * subjects. Internal: never in the public event.
   */
  beneficiary_tax_id: z.string().min(1).optional(),
});
export type PayoutStatusChanged = z.infer<typeof payoutStatusChangedSchema>;
