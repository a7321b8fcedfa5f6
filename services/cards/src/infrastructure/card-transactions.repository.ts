import type { Pool, PoolClient } from 'pg';
import type {
  CardDeclineReason,
  CardTransactionResource,
  CardTransactionStatus,
} from '@platform/contracts';

export interface CardTransactionRow {
  card_id: string;
  transaction_id: string;
  account_id: string;
  status: CardTransactionStatus;
  amount: string;
  authorized_amount: string;
  asset: string;
  merchant: string;
  decline_reason: CardDeclineReason | null;
  hold_id: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `card_id::text, transaction_id, account_id, status, amount::text,
  authorized_amount::text, asset, merchant, decline_reason, hold_id, created_at, updated_at`;

export function transactionResource(row: CardTransactionRow): CardTransactionResource {
  return {
    transaction_id: row.transaction_id,
    card_id: row.card_id,
    status: row.status,
    amount: row.amount,
    authorized_amount: row.authorized_amount,
    asset: row.asset,
    merchant: row.merchant,
    decline_reason: row.decline_reason,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export class CardTransactionsRepository {
  constructor(private readonly pool: Pool) {}

  async get(card_id: string, transaction_id: string): Promise<CardTransactionRow | null> {
    const { rows } = await this.pool.query<CardTransactionRow>(
      `select ${COLUMNS} from card_transactions where card_id = $1 and transaction_id = $2`,
      [card_id, transaction_id],
    );
    return rows[0] ?? null;
  }

  /** Inserts the authorization; null when the card already has that transaction id. */
  async insert(client: PoolClient, row: CardTransactionRow): Promise<CardTransactionRow | null> {
    const { rows } = await client.query<CardTransactionRow>(
      `insert into card_transactions (card_id, transaction_id, account_id, status, amount,
         authorized_amount, asset, merchant, decline_reason, hold_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       on conflict (card_id, transaction_id) do nothing returning ${COLUMNS}`,
      [
        row.card_id,
        row.transaction_id,
        row.account_id,
        row.status,
        row.amount,
        row.authorized_amount,
        row.asset,
        row.merchant,
        row.decline_reason,
        row.hold_id,
      ],
    );
    return rows[0] ?? null;
  }

  /** Ends an authorized transaction; null when another request ended it first. */
  async end(
    client: PoolClient,
    row: CardTransactionRow,
    status: 'reversed' | 'adjusted',
    amount: string,
  ): Promise<CardTransactionRow | null> {
    const { rows } = await client.query<CardTransactionRow>(
      `update card_transactions set status = $3, amount = $4, updated_at = now()
        where card_id = $1 and transaction_id = $2 and status = 'authorized'
        returning ${COLUMNS}`,
      [row.card_id, row.transaction_id, status, amount],
    );
    return rows[0] ?? null;
  }

  async list(card_id: string, limit: number, offset: number): Promise<CardTransactionRow[]> {
    const { rows } = await this.pool.query<CardTransactionRow>(
      `select ${COLUMNS} from card_transactions where card_id = $1
        order by created_at desc, transaction_id limit $2 offset $3`,
      [card_id, limit, offset],
    );
    return rows;
  }
}
