import { z } from 'zod';
import { idField } from './fields';

/**
 * The crypto-wallets service's events about segregated wallets on chain (decisions D9, spec §6).
 * `amount_raw` is the amount as an integer of the asset's smallest unit (USDT and USDC 6
 * decimals, TRX 6, ETH 18), as decimal text. Streams: `segregated-wallet-<wallet_id>`.
 */
const chain = z.enum(['tron', 'eth']);
const amountRaw = z.string().regex(/^\d+$/);

/** `crypto-wallets.wallet_deposit_received`: a deposit at a segregated wallet (ledger untouched). */
export const walletDepositReceivedSchema = z.object({
  wallet_id: idField,
  account_id: idField,
  chain,
  asset: z.string().min(1),
  tx_id: z.string().min(1),
  amount_raw: amountRaw,
  from_address: z.string().min(1),
});
export type WalletDepositReceived = z.infer<typeof walletDepositReceivedSchema>;

/** `crypto-wallets.wallet_send_status_changed`: a send from a segregated wallet changed status. */
export const walletSendStatusChangedSchema = z.object({
  send_id: idField,
  wallet_id: idField,
  account_id: idField,
  chain,
  asset: z.string().min(1),
  tx_id: z.string().nullable(),
  status: z.enum(['pending', 'broadcast', 'completed', 'failed']),
  amount_raw: amountRaw,
  idempotency_key: z.string().optional(),
});
export type WalletSendStatusChanged = z.infer<typeof walletSendStatusChangedSchema>;

/**
 * `crypto-wallets.wallet_external_movement_observed` (and, with the same fields,
 * `crypto-wallets.wallet_key_compromise_suspected` for an outflow from a platform-custody wallet):
 * a transfer at a segregated wallet that the platform did not make.
 */
export const walletExternalMovementSchema = z.object({
  wallet_id: idField,
  account_id: idField,
  chain,
  asset: z.string().min(1),
  direction: z.enum(['in', 'out']),
  tx_id: z.string().min(1),
  amount_raw: amountRaw,
  custody: z.enum(['platform', 'client']),
});
export type WalletExternalMovement = z.infer<typeof walletExternalMovementSchema>;
