import { z } from 'zod';
import { assetField, balanceField, idField, positiveAmountField } from './fields';

/** The longest statement text of a movement. */
export const MOVEMENT_DESCRIPTION_MAX_LENGTH = 140;

/**
 * How the movement reads on a statement ("Payout to Ana Diaz (PIX)"), as the service that
 * moved the money worded it; absent on older events, whose text comes from `kind`.
 */
const descriptionField = z.string().min(1).max(MOVEMENT_DESCRIPTION_MAX_LENGTH).optional();

/**
 * A balance change of one account in one asset. `amount` is always positive: the event type
 * says the direction. `balance_after` is the account's available balance of that asset once
 * applied (credits and debits never touch the held part). A transfer leg names the other
 * account in `counterparty_account_id`.
 */
const fundsMovedSchema = z.object({
  account_id: idField,
  operation_id: idField,
  asset: assetField,
  amount: positiveAmountField,
  balance_after: balanceField,
  kind: z.string().min(1),
  reference_id: idField,
  counterparty_account_id: idField.optional(),
  /**
   * When the movement took effect, if not when it was appended: only a test account's demo
   * history (its demo payins; earlier ledgers also its demo debits) is dated in the past.
   * Projections date the movement by it; the store keeps its own append time.
   */
  effective_at: z.string().datetime().optional(),
  description: descriptionField,
});

export const fundsCreditedSchema = fundsMovedSchema;
export type FundsCredited = z.infer<typeof fundsCreditedSchema>;

/**
 * A debit may carry a fee leg, in `asset`: it left the account with `amount` (`balance_after`
 * counts both) and was credited to `fee_account_id` in the same append. Absent when none.
 */
export const fundsDebitedSchema = fundsMovedSchema.extend({
  fee: positiveAmountField.optional(),
  fee_account_id: idField.optional(),
});
export type FundsDebited = z.infer<typeof fundsDebitedSchema>;

/**
 * A hold's life: placed (available to held), then posted (the held amount leaves the account)
 * or released (held back to available). Each carries both parts of the balance once applied.
 */
const holdChangedSchema = z.object({
  account_id: idField,
  operation_id: idField,
  hold_id: idField,
  asset: assetField,
  amount: positiveAmountField,
  available_after: balanceField,
  held_after: balanceField,
  kind: z.string().min(1),
  reference_id: idField,
  /**
   * The hold's fee leg, in `asset`, held beside `amount` (the `_after` balances count both):
   * posting credits it to `fee_account_id` in the same append, releasing returns it. Absent
   * when the hold has no fee.
   */
  fee: positiveAmountField.optional(),
  fee_account_id: idField.optional(),
  /** The hold's statement text, given when it was placed; its post and release repeat it. */
  description: descriptionField,
});

/** A hold may be dated in the past like a credit (`effective_at`, demo history only). */
export const holdPlacedSchema = holdChangedSchema.extend({
  effective_at: z.string().datetime().optional(),
});
export type HoldPlaced = z.infer<typeof holdPlacedSchema>;

export const holdPostedSchema = holdChangedSchema;
export type HoldPosted = z.infer<typeof holdPostedSchema>;

export const holdReleasedSchema = holdChangedSchema;
export type HoldReleased = z.infer<typeof holdReleasedSchema>;

/** A positive decimal string that is a price or rate, not an amount of an asset. */
const rateField = z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'a plain decimal string')
  .refine((text) => /[1-9]/.test(text), 'greater than zero');

/**
 * A swap between two convertible assets of one account: both legs in one event, so they are
 * applied together or not at all. `from_amount` left the `from_asset` balance, `to_amount`
 * (rounded down to the target precision) entered `to_asset`. `usd_value` is the from leg priced
 * in USD (rounded down to cents), which the volatile-asset limits count; `executed_at` is the
 * time those 24-hour limits are measured from.
 */
export const assetsSwappedSchema = z.object({
  account_id: idField,
  operation_id: idField,
  from_asset: assetField,
  from_amount: positiveAmountField,
  from_balance_after: balanceField,
  to_asset: assetField,
  to_amount: positiveAmountField,
  to_balance_after: balanceField,
  from_usd_per_unit: rateField,
  to_usd_per_unit: rateField,
  usd_value: balanceField,
  executed_at: z.string().datetime(),
  kind: z.string().min(1),
  reference_id: idField,
});
export type AssetsSwapped = z.infer<typeof assetsSwappedSchema>;

/**
 * An internal transfer arrived, in the RECIPIENT's stream and envelope: the fields of the public
 * `transfer_received` event (spec §6), appended with the transfer's two legs. Changes no balance.
 */
export const transferReceivedSchema = z.object({
  transfer_id: idField,
  from_account_id: idField,
  to_account_id: idField,
  asset: assetField,
  amount: positiveAmountField,
  description: z.string(),
  created_at: z.string().datetime(),
});
export type TransferReceived = z.infer<typeof transferReceivedSchema>;
