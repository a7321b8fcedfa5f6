import type { Pool, PoolClient } from 'pg';
import type { CardResource, CardStatus, CardStatusReason, CardType } from '@platform/contracts';
import { IdempotencyKey } from '@platform/contracts';
import type { ShippingAddress } from '../domain/card-request';

export interface CardRow {
  card_id: string;
  account_id: string;
  org_id: string;
  type: CardType;
  status: CardStatus;
  reason: CardStatusReason | null;
  cardholder_name: string;
  occupation: string | null;
  business_activity: string | null;
  shipping_address: ShippingAddress | null;
  issuer_ref: string | null;
  last4: string | null;
  expiry: string | null;
  idempotency_key: string | null;
  fingerprint: string;
  created_at: Date;
  updated_at: Date;
}

/** An issued card: the issuer has answered its reference, last four digits and expiry. */
export type IssuedCardRow = CardRow & { issuer_ref: string; last4: string; expiry: string };

export const isIssued = (row: CardRow): row is IssuedCardRow => row.issuer_ref !== null;

const COLUMNS = `card_id::text, account_id, org_id, type, status, reason, cardholder_name,
  occupation, business_activity, shipping_address, issuer_ref, last4, expiry, idempotency_key,
  fingerprint, created_at, updated_at`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Queryable = Pool | PoolClient;

export function cardResource(row: IssuedCardRow): CardResource {
  return {
    card_id: row.card_id,
    account_id: row.account_id,
    type: row.type,
    status: row.status,
    reason: row.reason,
    last4: row.last4,
    expiry: row.expiry,
    cardholder_name: row.cardholder_name,
    occupation: row.occupation,
    business_activity: row.business_activity,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    ...(row.idempotency_key && !IdempotencyKey.isPlatform(row.idempotency_key)
      ? { idempotency_key: row.idempotency_key }
      : {}),
  };
}

/** Cards by their account (BOLA: another account's card is never answered). */
export class CardsRepository {
  constructor(readonly pool: Pool) {}

  /** Serializes an account's card creations, so the limit holds under concurrency. */
  async lockAccount(client: PoolClient, account_id: string): Promise<void> {
    await client.query(`select pg_advisory_xact_lock(hashtext('cards:' || $1))`, [account_id]);
  }

  async countOpen(client: PoolClient, account_id: string): Promise<number> {
    const { rows } = await client.query<{ open: string }>(
      `select count(*) as open from cards where account_id = $1 and status <> 'cancelled'`,
      [account_id],
    );
    return Number(rows[0]?.open ?? 0);
  }

  /** Inserts the claimed card; null when the account already used the idempotency key. */
  async claim(client: PoolClient, row: CardRow): Promise<CardRow | null> {
    const { rows } = await client.query<CardRow>(
      `insert into cards (card_id, account_id, org_id, type, status, reason, cardholder_name,
         occupation, business_activity, shipping_address, idempotency_key, fingerprint)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       on conflict (account_id, idempotency_key) do nothing
       returning ${COLUMNS}`,
      [
        row.card_id,
        row.account_id,
        row.org_id,
        row.type,
        row.status,
        row.reason,
        row.cardholder_name,
        row.occupation,
        row.business_activity,
        row.shipping_address === null ? null : JSON.stringify(row.shipping_address),
        row.idempotency_key,
        row.fingerprint,
      ],
    );
    return rows[0] ?? null;
  }

  async byIdempotencyKey(account_id: string, key: string): Promise<CardRow | null> {
    const { rows } = await this.pool.query<CardRow>(
      `select ${COLUMNS} from cards where account_id = $1 and idempotency_key = $2`,
      [account_id, key],
    );
    return rows[0] ?? null;
  }

  async markIssued(
    client: PoolClient,
    card_id: string,
    issued: { issuer_ref: string; last4: string; expiry: string },
  ): Promise<IssuedCardRow | null> {
    const { rows } = await client.query<IssuedCardRow>(
      `update cards set issuer_ref = $2, last4 = $3, expiry = $4, updated_at = now()
        where card_id = $1 and issuer_ref is null returning ${COLUMNS}`,
      [card_id, issued.issuer_ref, issued.last4, issued.expiry],
    );
    return rows[0] ?? null;
  }

  async get(account_id: string, card_id: string, db: Queryable = this.pool) {
    if (!UUID.test(card_id)) return null;
    const { rows } = await db.query<CardRow>(
      `select ${COLUMNS} from cards where card_id = $1 and account_id = $2`,
      [card_id, account_id],
    );
    const row = rows[0];
    return row && isIssued(row) ? row : null;
  }

  /** The card locked for a change of state. */
  async lock(client: PoolClient, account_id: string, card_id: string) {
    if (!UUID.test(card_id)) return null;
    const { rows } = await client.query<CardRow>(
      `select ${COLUMNS} from cards where card_id = $1 and account_id = $2 for update`,
      [card_id, account_id],
    );
    const row = rows[0];
    return row && isIssued(row) ? row : null;
  }

  async list(account_id: string, limit: number, offset: number): Promise<IssuedCardRow[]> {
    const { rows } = await this.pool.query<IssuedCardRow>(
      `select ${COLUMNS} from cards where account_id = $1 and issuer_ref is not null
        order by created_at desc, card_id limit $2 offset $3`,
      [account_id, limit, offset],
    );
    return rows;
  }

  async setStatus(
    client: PoolClient,
    card_id: string,
    status: CardStatus,
    reason: CardStatusReason | null,
  ): Promise<IssuedCardRow> {
    const { rows } = await client.query<IssuedCardRow>(
      `update cards set status = $2, reason = $3, updated_at = now() where card_id = $1
       returning ${COLUMNS}`,
      [card_id, status, reason],
    );
    if (!rows[0]) throw new Error(`card ${card_id} vanished while it changed state`);
    return rows[0];
  }

  /** Cards that pay the monthly fee (active or frozen), of one account or of all. */
  async payable(account_id: string | null): Promise<IssuedCardRow[]> {
    const { rows } = await this.pool.query<IssuedCardRow>(
      `select ${COLUMNS} from cards
        where status in ('active', 'frozen') and issuer_ref is not null
          and ($1::text is null or account_id = $1)
        order by created_at, card_id`,
      [account_id],
    );
    return rows;
  }
}
