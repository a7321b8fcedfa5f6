import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { SERVICE_POOL } from '@platform/runtime';
import type { DisputeState } from '../domain/dispute-state';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The disputes table: the decider's state per dispute, one dispute per payin. */
@Injectable()
export class DisputesRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  /** The account's dispute; null for another account's, an unknown or a malformed id. */
  async read(account_id: string, dispute_id: string): Promise<DisputeState | null> {
    if (!UUID.test(dispute_id)) return null;
    const { rows } = await this.pool.query<{ state: DisputeState }>(
      'select state from disputes where dispute_id = $1 and account_id = $2',
      [dispute_id, account_id],
    );
    return rows[0]?.state ?? null;
  }

  async list(account_id: string, limit: number, offset: number): Promise<DisputeState[]> {
    const { rows } = await this.pool.query<{ state: DisputeState }>(
      `select state from disputes where account_id = $1
        order by created_at desc, dispute_id desc limit $2 offset $3`,
      [account_id, limit, offset],
    );
    return rows.map((row) => row.state);
  }

  async existsForPayin(payin_id: string): Promise<boolean> {
    const { rows } = await this.pool.query('select 1 from disputes where payin_id = $1', [
      payin_id,
    ]);
    return rows.length > 0;
  }

  /** The row locked for the caller's transaction; null when it is not the account's. */
  async lock(
    client: PoolClient,
    account_id: string,
    dispute_id: string,
  ): Promise<DisputeState | null> {
    if (!UUID.test(dispute_id)) return null;
    const { rows } = await client.query<{ state: DisputeState }>(
      'select state from disputes where dispute_id = $1 and account_id = $2 for update',
      [dispute_id, account_id],
    );
    return rows[0]?.state ?? null;
  }

  /** Inserts a new dispute; false when its payin already has one. */
  async insert(client: PoolClient, state: DisputeState): Promise<boolean> {
    const { rowCount } = await client.query(
      `insert into disputes (dispute_id, payin_id, account_id, org_id, status, state,
                             created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $7)
       on conflict (payin_id) do nothing`,
      [
        state.dispute_id,
        state.payin_id,
        state.account_id,
        state.org_id,
        state.status,
        JSON.stringify(state),
        state.opened_at,
      ],
    );
    return rowCount === 1;
  }

  async save(client: PoolClient, state: DisputeState): Promise<void> {
    await client.query(
      'update disputes set status = $2, state = $3, updated_at = $4 where dispute_id = $1',
      [state.dispute_id, state.status, JSON.stringify(state), state.updated_at],
    );
  }
}
