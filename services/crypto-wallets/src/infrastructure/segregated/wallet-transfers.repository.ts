import type { Pool } from 'pg';
import { withTransaction } from '@platform/persistence';
import {
  nextTransferStatus,
  type TransferDirection,
  type WalletTransferStatus,
} from '../../domain/segregated/wallet-transfers';

export interface WalletTransferRow {
  wallet_id: string;
  tx_id: string;
  direction: TransferDirection;
  asset: string;
  from_address: string;
  to_address: string;
  /** Decimal text. */
  amount: string;
  network_fee: string;
  status: WalletTransferStatus;
  confirmations: number;
  observed_at: Date;
}

/** A wallet the chain touched: matched by chain, asset and address (eth in any letter case). */
export interface TouchedWallet {
  wallet_id: string;
  direction: TransferDirection;
}

const COLUMNS = `wallet_id::text, tx_id, direction, asset, from_address, to_address,
  trim_scale(amount)::text as amount, trim_scale(network_fee)::text as network_fee, status,
  confirmations, observed_at`;

/** The chain's transfers at segregated wallets' addresses, and the balances they make. */
export class WalletTransfersRepository {
  constructor(private readonly pool: Pool) {}

  async walletsTouched(
    chain: string,
    asset: string,
    from_address: string,
    to_address: string,
  ): Promise<TouchedWallet[]> {
    const { rows } = await this.pool.query<TouchedWallet>(
      `select wallet_id::text, 'in' as direction from segregated_wallets
        where chain = $1 and asset = $2 and lower(address) = lower($4)
       union all
       select wallet_id::text, 'out' as direction from segregated_wallets
        where chain = $1 and asset = $2 and lower(address) = lower($3)`,
      [chain, asset, from_address, to_address],
    );
    return rows;
  }

  /** Records one observation of a transfer; a final status is never taken back. */
  async record(transfer: WalletTransferRow): Promise<void> {
    await withTransaction(this.pool, async (client) => {
      await client.query(
        `insert into segregated_wallet_transfers (wallet_id, tx_id, direction, asset,
           from_address, to_address, amount, network_fee, status, confirmations, observed_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         on conflict (wallet_id, tx_id, direction) do nothing`,
        [
          transfer.wallet_id,
          transfer.tx_id,
          transfer.direction,
          transfer.asset,
          transfer.from_address,
          transfer.to_address,
          transfer.amount,
          transfer.network_fee,
          transfer.status,
          transfer.confirmations,
          transfer.observed_at,
        ],
      );
      const { rows } = await client.query<{ status: WalletTransferStatus; confirmations: number }>(
        `select status, confirmations from segregated_wallet_transfers
          where wallet_id = $1 and tx_id = $2 and direction = $3 for update`,
        [transfer.wallet_id, transfer.tx_id, transfer.direction],
      );
      const current = rows[0];
      if (!current) throw new Error('the transfer row vanished');
      await client.query(
        `update segregated_wallet_transfers set status = $4, confirmations = $5, updated_at = now()
          where wallet_id = $1 and tx_id = $2 and direction = $3`,
        [
          transfer.wallet_id,
          transfer.tx_id,
          transfer.direction,
          nextTransferStatus(current.status, transfer.status),
          Math.max(current.confirmations, transfer.confirmations),
        ],
      );
    });
  }

  async list(wallet_id: string, limit: number, offset: number): Promise<WalletTransferRow[]> {
    const { rows } = await this.pool.query<WalletTransferRow>(
      `select ${COLUMNS} from segregated_wallet_transfers where wallet_id = $1
        order by observed_at desc, tx_id, direction limit $2 offset $3`,
      [wallet_id, limit, offset],
    );
    return rows;
  }

  /** Confirmed inflows less confirmed outflows, and what is still pending each way. */
  async balance(
    wallet_id: string,
  ): Promise<{ confirmed: string; pending_in: string; pending_out: string }> {
    const { rows } = await this.pool.query<{
      confirmed: string;
      pending_in: string;
      pending_out: string;
    }>(
      `select
         trim_scale(coalesce(sum(case when status = 'confirmed' and direction = 'in' then amount end), 0)
           - coalesce(sum(case when status = 'confirmed' and direction = 'out' then amount end), 0))::text
           as confirmed,
         trim_scale(coalesce(sum(case when status = 'pending' and direction = 'in' then amount end), 0))::text
           as pending_in,
         trim_scale(coalesce(sum(case when status = 'pending' and direction = 'out' then amount end), 0))::text
           as pending_out
       from segregated_wallet_transfers where wallet_id = $1`,
      [wallet_id],
    );
    const row = rows[0];
    return row ?? { confirmed: '0', pending_in: '0', pending_out: '0' };
  }
}
