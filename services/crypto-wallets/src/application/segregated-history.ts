import { DomainError } from '@platform/contracts';
import type { SegregatedWalletsRepository } from '../infrastructure/segregated/segregated-wallets.repository';
import type {
  WalletTransferRow,
  WalletTransfersRepository,
} from '../infrastructure/segregated/wallet-transfers.repository';

function transactionOf(row: WalletTransferRow) {
  return {
    tx_id: row.tx_id,
    direction: row.direction,
    asset: row.asset,
    amount: row.amount,
    from_address: row.from_address,
    to_address: row.to_address,
    status: row.status,
    confirmations: row.confirmations,
    observed_at: row.observed_at.toISOString(),
  };
}

/** A segregated wallet's balance and transfers, from what the chain watcher observed. */
export class SegregatedWalletHistory {
  constructor(
    private readonly wallets: SegregatedWalletsRepository,
    private readonly transfers: WalletTransfersRepository,
  ) {}

  async balance(account_id: string, wallet_id: string) {
    const wallet = await this.wallets.get(account_id, wallet_id);
    if (!wallet) throw new DomainError('not_found', 'no such segregated wallet');
    const totals = await this.transfers.balance(wallet.wallet_id);
    return {
      wallet_id: wallet.wallet_id,
      chain: wallet.chain,
      asset: wallet.asset,
      address: wallet.address,
      balance: totals.confirmed,
      pending_inbound: totals.pending_in,
      pending_outbound: totals.pending_out,
    };
  }

  async transactions(account_id: string, wallet_id: string, limit: number, offset: number) {
    const wallet = await this.wallets.get(account_id, wallet_id);
    if (!wallet) throw new DomainError('not_found', 'no such segregated wallet');
    const rows = await this.transfers.list(wallet.wallet_id, limit, offset);
    return { transactions: rows.map(transactionOf) };
  }
}
