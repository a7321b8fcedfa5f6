import type { Pool, PoolClient } from 'pg';
import type { BroadcastRequest, ObservedAsset } from '../../application/chain-port';
import type { Chain } from '../../domain/chains/chain';

export type TransferStatus = 'pending' | 'seen' | 'confirmed' | 'failed';

/** One row of `chain_transfers`. */
export interface ChainTransfer {
  transfer_id: string;
  direction: 'inbound' | 'outbound';
  reference: string | null;
  chain: Chain;
  asset: ObservedAsset;
  from_address: string;
  to_address: string;
  amount: string;
  network_fee: string;
  tx_id: string | null;
  status: TransferStatus;
  seen_height: string | null;
  created_at: string;
}

export interface NewTransfer extends Omit<BroadcastRequest, 'reference' | 'asset'> {
  asset: ObservedAsset;
  direction: ChainTransfer['direction'];
  reference: string | null;
  network_fee: string;
  tx_id: string | null;
}

const COLUMNS = `transfer_id::text, direction, reference, chain, asset, from_address, to_address,
  amount::text, network_fee::text, tx_id, status, seen_height::text,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;

/** The transfers either chain connector knows (table `chain_transfers`). */
export class ChainTransfers {
  constructor(private readonly pool: Pool) {}

  /** Inserts `transfer` once per reference; a repeat answers the first one. */
  async insertOnce(
    transfer: NewTransfer,
    tx_id_of: (transfer_id: string) => string | null,
  ): Promise<ChainTransfer> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const existing = transfer.reference
        ? await this.byReference(transfer.reference, client)
        : null;
      if (existing) {
        await client.query('commit');
        return existing;
      }
      const { rows } = await client.query<{ id: string }>(
        `select nextval('chain_transfers_transfer_id_seq')::text as id`,
      );
      const transfer_id = rows[0]?.id ?? '';
      const inserted = await client.query<ChainTransfer>(
        `insert into chain_transfers (transfer_id, direction, reference, chain, asset, from_address,
           to_address, amount, network_fee, tx_id, status)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending')
         on conflict (reference) do nothing
         returning ${COLUMNS}`,
        [
          transfer_id,
          transfer.direction,
          transfer.reference,
          transfer.chain,
          transfer.asset,
          transfer.from_address,
          transfer.to_address,
          transfer.amount,
          transfer.network_fee,
          transfer.tx_id ?? tx_id_of(transfer_id),
        ],
      );
      await client.query('commit');
      const row = inserted.rows[0] ?? (await this.byReference(transfer.reference ?? ''));
      if (!row) throw new Error('a transfer vanished after its insert');
      return row;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async byReference(reference: string, client?: PoolClient): Promise<ChainTransfer | null> {
    const { rows } = await (client ?? this.pool).query<ChainTransfer>(
      `select ${COLUMNS} from chain_transfers where reference = $1`,
      [reference],
    );
    return rows[0] ?? null;
  }

  async byTxId(chain: Chain, tx_id: string, client?: PoolClient): Promise<ChainTransfer | null> {
    const { rows } = await (client ?? this.pool).query<ChainTransfer>(
      `select ${COLUMNS} from chain_transfers where chain = $1 and tx_id = $2`,
      [chain, tx_id],
    );
    return rows[0] ?? null;
  }

  /** Transfers not final yet, oldest first, locked for the caller's transaction. */
  async lockInFlight(client: PoolClient, limit: number): Promise<ChainTransfer[]> {
    const { rows } = await client.query<ChainTransfer>(
      `select ${COLUMNS} from chain_transfers where status in ('pending', 'seen')
        order by chain_transfers.transfer_id limit $1 for update`,
      [limit],
    );
    return rows;
  }

  /** Outbound broadcasts still waiting for the operator's tx id, oldest first. */
  async awaitingTxId(limit: number): Promise<ChainTransfer[]> {
    const { rows } = await this.pool.query<ChainTransfer>(
      `select ${COLUMNS} from chain_transfers
        where direction = 'outbound' and tx_id is null order by chain_transfers.transfer_id limit $1`,
      [limit],
    );
    return rows;
  }

  async setStatus(
    client: PoolClient,
    transfer_id: string,
    status: TransferStatus,
    seen_height: string | null,
  ): Promise<void> {
    await client.query(
      `update chain_transfers set status = $2, seen_height = coalesce(seen_height, $3::bigint)
        where transfer_id = $1`,
      [transfer_id, status, seen_height],
    );
  }

  /** Sets the tx id of a broadcast that has none yet; answers the row as it stands after. */
  async setTxId(reference: string, tx_id: string): Promise<ChainTransfer | null> {
    await this.pool.query(
      `update chain_transfers set tx_id = $2 where reference = $1 and tx_id is null`,
      [reference, tx_id],
    );
    return this.byReference(reference);
  }
}
