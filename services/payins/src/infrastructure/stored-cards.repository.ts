import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { sandboxInstrument, type StoredCard } from '../domain/stored-card';
import type { Payin } from '../domain/payin';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Stored cards, one per card payin that saved one. */
export class StoredCardsRepository {
  constructor(private readonly pool: Pool) {}

  /** Saves the card a paid payin was charged to; the existing one when already saved. */
  async saveFrom(client: PoolClient, payin: Payin, now: Date): Promise<StoredCard> {
    const instrument = sandboxInstrument(now);
    await client.query(
      `insert into stored_cards (instrument_id, account_id, brand, last4, exp_month, exp_year,
         country, currency, source_payin_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (source_payin_id) do nothing`,
      [
        randomUUID(),
        payin.account_id,
        instrument.brand,
        instrument.last4,
        instrument.exp_month,
        instrument.exp_year,
        payin.country,
        payin.currency,
        payin.payin_id,
      ],
    );
    const { rows } = await client.query<StoredCard>(
      'select * from stored_cards where source_payin_id = $1',
      [payin.payin_id],
    );
    return rows[0];
  }

  async findOwned(account_id: string, instrument_id: string): Promise<StoredCard | null> {
    if (!UUID.test(instrument_id)) return null;
    const { rows } = await this.pool.query<StoredCard>(
      'select * from stored_cards where account_id = $1 and instrument_id = $2',
      [account_id, instrument_id],
    );
    return rows[0] ?? null;
  }

  async list(account_id: string, limit: number, offset: number): Promise<StoredCard[]> {
    const { rows } = await this.pool.query<StoredCard>(
      `select * from stored_cards where account_id = $1
        order by created_at desc, instrument_id limit $2 offset $3`,
      [account_id, limit, offset],
    );
    return rows;
  }

  /** Revokes an active card (a revoked one stays as it was); null when not the account's. */
  async revoke(account_id: string, instrument_id: string): Promise<StoredCard | null> {
    if (!UUID.test(instrument_id)) return null;
    await this.pool.query(
      `update stored_cards set revoked_at = now()
        where account_id = $1 and instrument_id = $2 and revoked_at is null`,
      [account_id, instrument_id],
    );
    return this.findOwned(account_id, instrument_id);
  }
}
