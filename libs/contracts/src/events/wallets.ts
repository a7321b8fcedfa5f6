import { z } from 'zod';
import { idField } from './fields';

/**
 * The crypto-wallets service's events about wallets (decisions D9). `data` carries the public
 * payload of spec §6 (never a key), so notifications projects it mechanically.
 */

/** `crypto-wallets.wallet_linked`: an external wallet was linked. Stream: `wallet-link-<link_id>`. */
export const walletLinkedSchema = z.object({
  link_id: idField,
  account_id: idField,
  chain: z.enum(['tron', 'eth']),
  address: z.string().min(1),
  linked_at: z.string(),
});
export type WalletLinked = z.infer<typeof walletLinkedSchema>;

/**
 * `crypto-wallets.wallet_key_exported`: a segregated wallet's private key was answered to its
 * owner (a security alert, spec §6). Never carries the key. Stream: `segregated-wallet-<wallet_id>`.
 */
export const walletKeyExportedSchema = z.object({
  wallet_id: idField,
  account_id: idField,
  chain: z.enum(['tron', 'eth']),
  asset: z.string().min(1),
  address: z.string().min(1),
});
export type WalletKeyExported = z.infer<typeof walletKeyExportedSchema>;

/**
 * `crypto-wallets.wallet_signature_created`: a signature proof was created with a segregated
 * wallet. Stream: `signature-proof-<proof_id>`.
 */
export const walletSignatureCreatedSchema = z.object({
  proof_id: idField,
  proof_code: z.string().min(1),
  wallet_id: idField,
  account_id: idField,
  chain: z.enum(['tron', 'eth']),
  address: z.string().min(1),
  purpose: z.string().min(1),
  status: z.literal('signed'),
  created_at: z.string(),
});
export type WalletSignatureCreated = z.infer<typeof walletSignatureCreatedSchema>;
