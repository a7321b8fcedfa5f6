import { NATIVE_COINS, type Chain, type ChainAsset } from '../chains/chain';

/** A chain's native coin (TRX, ETH, BTC): it pays network fees and is not a ledger asset on tron and eth. */
export type NativeCoin = (typeof NATIVE_COINS)[Chain];

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
  /** The wallet's asset, or the chain's native coin (gas). */
  asset: ChainAsset | NativeCoin;
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
  /** Native coin (gas) arriving: not a deposit of the wallet's asset, an external movement. */
  | { kind: 'external_inflow'; wallet: WatchedWallet; transfer: SeenTransfer }
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
  if (transfer.chain !== wallet.chain) return null;
  const native = transfer.asset === NATIVE_COINS[wallet.chain] && transfer.asset !== wallet.asset;
  if (!native && transfer.asset !== wallet.asset) return null;
  if (transfer.to_address === wallet.address && transfer.from_address !== wallet.address)
    return native
      ? { kind: 'external_inflow', wallet, transfer }
      : { kind: 'deposit_received', wallet, transfer };
  if (transfer.from_address !== wallet.address) return null;
  if (transfer.reference !== null) return { kind: 'own_send', wallet, transfer };
  return {
    kind: 'external_outflow',
    wallet,
    transfer,
    compromise_suspected: wallet.custody === 'platform',
  };
}
