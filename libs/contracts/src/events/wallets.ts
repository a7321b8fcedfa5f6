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
