import { z } from 'zod';
import { assetField, balanceField, idField, positiveAmountField } from './fields';

/**
 * A balance change of one account in one asset. `amount` is always positive: the event type
 * says the direction. `balance_after` is the account's balance of that asset once applied.
 */
const fundsMovedSchema = z.object({
  account_id: idField,
  operation_id: idField,
  asset: assetField,
  amount: positiveAmountField,
  balance_after: balanceField,
  kind: z.string().min(1),
  reference_id: idField,
});

export const fundsCreditedSchema = fundsMovedSchema;
export type FundsCredited = z.infer<typeof fundsCreditedSchema>;

export const fundsDebitedSchema = fundsMovedSchema;
export type FundsDebited = z.infer<typeof fundsDebitedSchema>;
