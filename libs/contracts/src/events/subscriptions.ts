import { z } from 'zod';
import { idField, positiveAmountField } from './fields';

/**
 * The payins service's subscription and POS events (domain events only: their public face is
 * the payin events of each charge). Streams: `subscription-<subscription_id>`,
 * `pos-charge-<charge_id>`.
 */
const timestampField = z.string().datetime({ offset: true });

export const subscriptionCreatedSchema = z.object({
  subscription_id: idField,
  account_id: idField,
  stored_card_id: idField,
  amount: positiveAmountField,
  currency: z.string().min(1),
  interval: z.enum(['daily', 'weekly', 'monthly', 'yearly']),
  next_charge_at: timestampField,
});
export type SubscriptionCreated = z.infer<typeof subscriptionCreatedSchema>;

/** Paused, resumed or canceled: the status it is in now. */
export const subscriptionStatusChangedSchema = z.object({
  subscription_id: idField,
  account_id: idField,
  status: z.enum(['active', 'paused', 'canceled']),
  next_charge_at: timestampField.nullable(),
});
export type SubscriptionStatusChanged = z.infer<typeof subscriptionStatusChangedSchema>;

export const subscriptionChargedSchema = z.object({
  subscription_id: idField,
  account_id: idField,
  period_index: z.number().int().min(0),
  payin_id: idField,
});
export type SubscriptionCharged = z.infer<typeof subscriptionChargedSchema>;

export const subscriptionChargeFailedSchema = z.object({
  subscription_id: idField,
  account_id: idField,
  period_index: z.number().int().min(0),
  reason: z.string().min(1),
});
export type SubscriptionChargeFailed = z.infer<typeof subscriptionChargeFailedSchema>;

export const posChargeRecordedSchema = z.object({
  charge_id: idField,
  account_id: idField,
  terminal_id: z.string().min(1),
  currency: z.string().min(1),
  amount: positiveAmountField,
  status: z.enum(['received', 'pending']),
});
export type PosChargeRecorded = z.infer<typeof posChargeRecordedSchema>;

export const posChargeRefundedSchema = z.object({
  charge_id: idField,
  account_id: idField,
  currency: z.string().min(1),
  amount: positiveAmountField,
  refunded_total: positiveAmountField,
});
export type PosChargeRefunded = z.infer<typeof posChargeRefundedSchema>;
