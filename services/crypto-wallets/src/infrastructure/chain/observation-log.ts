import type { Pool, PoolClient } from 'pg';
import type { ChainObservation, ObservedAsset } from '../../application/chain-port';
import type { Chain } from '../../domain/chains/chain';

/** An observation before the log gives it its cursor. */
export type NewObservation = Omit<ChainObservation, 'cursor' | 'observed_at'>;

interface ObservationRow {
  cursor: string;
  status: ChainObservation['status'];
  chain: Chain;
  asset: ObservedAsset;
  tx_id: string;
  from_address: string;
  to_address: string;
  amount: string;
  network_fee: string;
  confirmations: number;
  reference: string | null;
  observed_at: Date;
}

/** The ordered log both chain connectors write and the chain watcher reads (table `chain_observations`). */
export class ObservationLog {
  constructor(private readonly pool: Pool) {}

  async append(observation: NewObservation, client?: PoolClient): Promise<ChainObservation> {
    const { rows } = await (client ?? this.pool).query<ObservationRow>(
      `insert into chain_observations (status, chain, asset, tx_id, from_address, to_address,
         amount, network_fee, confirmations, reference)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       returning cursor::text, status, chain, asset, tx_id, from_address, to_address,
         amount::text, network_fee::text, confirmations, reference, observed_at`,
      [
        observation.status,
        observation.chain,
        observation.asset,
        observation.tx_id,
        observation.from_address,
        observation.to_address,
        observation.amount,
        observation.network_fee,
        observation.confirmations,
        observation.reference,
      ],
    );
    return toObservation(firstRow(rows));
  }

  async after(cursor: string, limit: number): Promise<ChainObservation[]> {
    const { rows } = await this.pool.query<ObservationRow>(
      `select cursor::text, status, chain, asset, tx_id, from_address, to_address,
         amount::text, network_fee::text, confirmations, reference, observed_at
       from chain_observations where cursor > $1::bigint order by chain_observations.cursor limit $2`,
      [cursor, limit],
    );
    return rows.map(toObservation);
  }
}

function firstRow<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('the statement returned no row');
  return row;
}

function toObservation(row: ObservationRow): ChainObservation {
  return { ...row, observed_at: row.observed_at.toISOString() };
}
