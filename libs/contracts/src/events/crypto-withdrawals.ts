import { z } from 'zod';
import { assetField, idField } from './fields';

const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'a plain decimal string');

/**
 * `crypto-wallets.withdrawal_status_changed`: every status change of a crypto withdrawal
 * (decisions D9); public as `crypto_withdrawal_status_changed`, whose final `status` is
 * `completed` or `failed` (with `failed`, the hold is already released). Stream:
 * `withdrawal-<withdrawal_id>`.
 */
export const cryptoWithdrawalStatusChangedSchema = z.object({
  withdrawal_id: idField,
  account_id: idField,
  chain: z.enum(['tron', 'eth', 'btc']),
  asset: assetField,
  tx_id: z.string().nullable(),
  status: z.enum(['pending', 'in_review', 'processing', 'completed', 'failed']),
  amount: decimal,
  fee: decimal,
  idempotency_key: z.string().min(1).optional(),
});
export type CryptoWithdrawalStatusChanged = z.infer<typeof cryptoWithdrawalStatusChangedSchema>;
