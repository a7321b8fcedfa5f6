import { z } from 'zod';
import { assetField, idField } from './fields';

/** On-chain crypto deposits (decisions D9). Stream: `crypto-deposit-<deposit_id>`. */
const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'a plain decimal string');
const chain = z.enum(['tron', 'eth', 'btc']);
const risk = z.enum(['low', 'medium', 'high', 'severe']);

const depositFields = {
  deposit_id: idField,
  account_id: idField,
  chain,
  asset: assetField,
  tx_id: z.string().min(1),
  amount: decimal,
};

/** `crypto-wallets.deposit_credited`: a confirmed deposit was credited; public `crypto_deposit_credited`. */
export const cryptoDepositCreditedSchema = z.object({ ...depositFields, fee: decimal, risk });
export type CryptoDepositCredited = z.infer<typeof cryptoDepositCreditedSchema>;

/**
 * `crypto-wallets.deposit_quarantined`: a confirmed deposit from a severe-risk sender was held, nothing
 * credited; public `crypto_deposit_held`.
 */
export const cryptoDepositHeldSchema = z.object({
  ...depositFields,
  hold_id: idField,
  risk,
  status: z.literal('held'),
});
export type CryptoDepositHeld = z.infer<typeof cryptoDepositHeldSchema>;

/**
 * `crypto-wallets.deposit_flagged`: a deposit from a high-risk sender was credited (it follows
 * its `deposit_credited`); public `crypto_deposit_alert`.
 */
export const cryptoDepositAlertSchema = z.object({
  ...depositFields,
  risk,
  status: z.literal('credited'),
});
export type CryptoDepositAlert = z.infer<typeof cryptoDepositAlertSchema>;
