import type { Chain, ChainAsset } from '../chains/chain';

/** Who holds a segregated wallet's key: the platform (derived from its seed) or the client. */
export type Custody = 'platform' | 'client';

/** A segregated wallet as the chain watcher matches transfers against it. */
export interface WatchedWallet {
  wallet_id: string;
  account_id: string;
  chain: Chain;
  asset: ChainAsset;
  address: string;
  custody: Custody;
}

/** A transfer seen on chain that touches a watched wallet. */
export interface SeenTransfer {
  chain: Chain;
  asset: ChainAsset;
  tx_id: string;
  from_address: string;
  to_address: string;
  amount: string;
  /** The platform's own send (`send_id`) when it made the transfer; null otherwise. */
  reference: string | null;
}

export type WalletMovement =
  | { kind: 'deposit_received'; wallet: WatchedWallet; transfer: SeenTransfer }
  | { kind: 'own_send'; wallet: WatchedWallet; transfer: SeenTransfer }
  | {
      kind: 'external_outflow';
      wallet: WatchedWallet;
      transfer: SeenTransfer;
      /** An outflow the platform did not sign from a key only the platform holds. */
      compromise_suspected: boolean;
    };

/**
 * What a transfer means for a segregated wallet. Money arriving is a deposit (the ledger is
 * untouched: the coins stay on chain, the client's). Money leaving is either a send the
 * platform made (it carries the send's reference) or an external movement: normal for a
 * client-custody wallet (the client holds the key too), and for a platform-custody wallet a sign
 * that the key leaked, since nobody but the platform should be able to sign for it.
 */
export function classifyMovement(
  wallet: WatchedWallet,
  transfer: SeenTransfer,
): WalletMovement | null {
  if (transfer.chain !== wallet.chain || transfer.asset !== wallet.asset) return null;
  if (transfer.to_address === wallet.address && transfer.from_address !== wallet.address)
    return { kind: 'deposit_received', wallet, transfer };
  if (transfer.from_address !== wallet.address) return null;
  if (transfer.reference !== null) return { kind: 'own_send', wallet, transfer };
  return {
    kind: 'external_outflow',
    wallet,
    transfer,
    compromise_suspected: wallet.custody === 'platform',
  };
}
