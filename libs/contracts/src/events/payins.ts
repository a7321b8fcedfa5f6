import { z } from 'zod';
import { assetField, balanceField, idField, positiveAmountField } from './fields';

/**
 * The payins service's domain events. Each `data` carries exactly the public payload of spec §6
 * (events contract), so notifications projects them mechanically. `idempotency_key` is the
 * client's key and is omitted when the payin had none. Stream: `payin-<payin_id>`.
 */

const timestampField = z.string().datetime({ offset: true });
const optionalKey = z.string().min(1).optional();

export const payinCreditedSchema = z.object({
  payin_id: idField,
  account_id: idField,
  country: z.string().nullable(),
  currency: z.string().min(1),
  local_amount: positiveAmountField,
  fx_rate: positiveAmountField,
  usdt_credited: positiveAmountField,
  fee: balanceField,
  idempotency_key: optionalKey,
  /** Local-fiat (`fiat_hold_local`) payins only. */
  credit_asset: assetField.optional(),
  fiat_credited: positiveAmountField.optional(),
  /**
   * The payer's tax id as the sending bank reported it (`null`: it reported none), for
   * risk-scoring's payment history of subjects. Absent from events written before it was added.
   * Internal: never in the public event.
   */
  payer_tax_id: z.string().min(1).nullable().optional(),
});
export type PayinCredited = z.infer<typeof payinCreditedSchema>;

export const payinSettlementScheduledSchema = z.object({
  payin_id: idField,
  account_id: idField,
  status: z.literal('credited'),
  usdt_gross: positiveAmountField,
  fee: balanceField,
  usdt_net: positiveAmountField,
  settle_at: timestampField,
  receipt_url: z.string().nullable(),
  idempotency_key: optionalKey,
});
export type PayinSettlementScheduled = z.infer<typeof payinSettlementScheduledSchema>;

export const payinFailureField = z.object({
  origin: z.enum(['provider', 'core']),
  code: z.string().min(1),
  message: z.string(),
});

export const payinExpiredSchema = z.object({
  payin_id: idField,
  account_id: idField,
  status: z.enum(['expired', 'failed']),
  country: z.string().nullable(),
  currency: z.string().min(1),
  local_amount: positiveAmountField,
  reference: z.string().min(1),
  idempotency_key: optionalKey,
  failure: payinFailureField.optional(),
});
export type PayinExpired = z.infer<typeof payinExpiredSchema>;

export const payinRefundedSchema = z.object({
  payin_id: idField,
  account_id: idField,
  debited_asset: assetField,
  debited_amount: positiveAmountField,
  idempotency_key: optionalKey,
});
export type PayinRefunded = z.infer<typeof payinRefundedSchema>;
