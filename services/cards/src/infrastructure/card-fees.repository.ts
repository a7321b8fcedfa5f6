import type { Pool } from 'pg';

export interface CardFeeRow {
  card_id: string;
  month: string;
  account_id: string;
  status: 'charged' | 'unpaid';
  amount: string;
  asset: string;
}

/** One row per card and month: whether its fee was charged or is still unpaid. */
export class CardFeesRepository {
  constructor(private readonly pool: Pool) {}

  async get(card_id: string, month: string): Promise<CardFeeRow | null> {
    const { rows } = await this.pool.query<CardFeeRow>(
      `select card_id::text, month, account_id, status, amount::text, asset
         from card_fees where card_id = $1 and month = $2`,
      [card_id, month],
    );
    return rows[0] ?? null;
  }

  async unpaid(card_id: string): Promise<CardFeeRow[]> {
    const { rows } = await this.pool.query<CardFeeRow>(
      `select card_id::text, month, account_id, status, amount::text, asset
         from card_fees where card_id = $1 and status = 'unpaid' order by month`,
      [card_id],
    );
    return rows;
  }

  /** Records the month's outcome; `charged` is final, `unpaid` becomes `charged` once paid. */
  async record(row: CardFeeRow): Promise<void> {
    await this.pool.query(
      `insert into card_fees (card_id, month, account_id, status, amount, asset)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (card_id, month) do update set status = excluded.status, updated_at = now()
         where card_fees.status = 'unpaid'`,
      [row.card_id, row.month, row.account_id, row.status, row.amount, row.asset],
    );
  }
}
