import type { Pool, PoolClient } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import { withTransaction } from '@platform/persistence';
import type { Subscription } from '../domain/subscription';
import { appendToOutbox, type PublishedEvent } from './payins-outbox';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A subscription row: the domain's state plus what only storage needs. */
export interface SubscriptionRow extends Subscription {
  fingerprint: string;
  base_url: string;
}

/** One charged period. */
export interface SubscriptionCharge {
  subscription_id: string;
  period_index: number;
  due_at: Date;
  status: 'succeeded' | 'failed';
  payin_id: string | null;
  failure_reason: string | null;
  charged_at: Date;
}

const COLUMNS = `subscription_id::text, account_id::text, org_id, stored_card_id::text,
  amount::text, currency, country, interval, timezone, anchor_at, status, next_period_index,
  next_charge_at, last_charge_status, last_charge_at, idempotency_key, fingerprint, base_url,
  created_at, canceled_at`;

/** Subscriptions and their charges, and their events in the same transaction (the outbox). */
export class SubscriptionsRepository {
  constructor(
    readonly pool: Pool,
    private readonly events: PgEventStore,
  ) {}

  transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, work);
  }

  /** Inserts unless the account already used the idempotency key; null then. */
  async insert(client: PoolClient, row: SubscriptionRow): Promise<SubscriptionRow | null> {
    const { rows } = await client.query<SubscriptionRow>(
      `insert into subscriptions (subscription_id, account_id, org_id, stored_card_id, amount,
         currency, country, interval, timezone, anchor_at, status, next_period_index,
         next_charge_at, idempotency_key, fingerprint, base_url, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
       on conflict (account_id, idempotency_key) where idempotency_key is not null do nothing
       returning ${COLUMNS}`,
      [
        row.subscription_id,
        row.account_id,
        row.org_id,
        row.stored_card_id,
        row.amount,
        row.currency,
        row.country,
        row.interval,
        row.timezone,
        row.anchor_at,
        row.status,
        row.next_period_index,
        row.next_charge_at,
        row.idempotency_key,
        row.fingerprint,
        row.base_url,
        row.created_at,
      ],
    );
    return rows[0] ?? null;
  }

  async findByIdempotencyKey(account_id: string, key: string): Promise<SubscriptionRow | null> {
    const { rows } = await this.pool.query<SubscriptionRow>(
      `select ${COLUMNS} from subscriptions where account_id = $1 and idempotency_key = $2`,
      [account_id, key],
    );
    return rows[0] ?? null;
  }

  async findOwned(account_id: string, subscription_id: string): Promise<SubscriptionRow | null> {
    if (!UUID.test(subscription_id)) return null;
    const { rows } = await this.pool.query<SubscriptionRow>(
      `select ${COLUMNS} from subscriptions where account_id = $1 and subscription_id = $2`,
      [account_id, subscription_id],
    );
    return rows[0] ?? null;
  }

  async findById(subscription_id: string): Promise<SubscriptionRow | null> {
    if (!UUID.test(subscription_id)) return null;
    const { rows } = await this.pool.query<SubscriptionRow>(
      `select ${COLUMNS} from subscriptions where subscription_id = $1`,
      [subscription_id],
    );
    return rows[0] ?? null;
  }

  /** Locks the subscription for the caller's transaction: changes and charges take turns. */
  async lock(client: PoolClient, subscription_id: string): Promise<SubscriptionRow | null> {
    const { rows } = await client.query<SubscriptionRow>(
      `select ${COLUMNS} from subscriptions where subscription_id = $1 for update`,
      [subscription_id],
    );
    return rows[0] ?? null;
  }

  async list(query: {
    account_id: string;
    status?: string;
    limit: number;
    offset: number;
  }): Promise<SubscriptionRow[]> {
    const { rows } = await this.pool.query<SubscriptionRow>(
      `select ${COLUMNS} from subscriptions
        where account_id = $1 and ($2::text is null or status = $2)
        order by created_at desc, subscription_id desc limit $3 offset $4`,
      [query.account_id, query.status ?? null, query.limit, query.offset],
    );
    return rows;
  }

  /** Active subscriptions whose charge is due, oldest due first. */
  async dueIds(limit: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ subscription_id: string }>(
      `select subscription_id::text from subscriptions
        where status = 'active' and next_charge_at <= now() order by next_charge_at limit $1`,
      [limit],
    );
    return rows.map((row) => row.subscription_id);
  }

  /** Stores the state the domain decided and the events it publishes, in the caller's transaction. */
  async store(
    client: PoolClient,
    state: Subscription,
    published: readonly PublishedEvent[],
  ): Promise<void> {
    await client.query(
      `update subscriptions set status = $2, next_period_index = $3, next_charge_at = $4,
         last_charge_status = $5, last_charge_at = $6, canceled_at = $7, updated_at = now()
       where subscription_id = $1`,
      [
        state.subscription_id,
        state.status,
        state.next_period_index,
        state.next_charge_at,
        state.last_charge_status,
        state.last_charge_at,
        state.canceled_at,
      ],
    );
    await this.publish(client, state, `subscription-${state.subscription_id}`, published);
  }

  publish(
    client: PoolClient,
    owner: { org_id: string; account_id: string },
    stream: string,
    published: readonly PublishedEvent[],
  ): Promise<void> {
    return appendToOutbox(this.events, client, owner, stream, published);
  }

  /** Records a charged period; false when the period was recorded already. */
  async insertCharge(client: PoolClient, charge: SubscriptionCharge): Promise<boolean> {
    const { rowCount } = await client.query(
      `insert into subscription_charges (subscription_id, period_index, due_at, status, payin_id,
         failure_reason, charged_at)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing`,
      [
        charge.subscription_id,
        charge.period_index,
        charge.due_at,
        charge.status,
        charge.payin_id,
        charge.failure_reason,
        charge.charged_at,
      ],
    );
    return rowCount === 1;
  }

  async findCharge(
    subscription_id: string,
    period_index: number,
  ): Promise<SubscriptionCharge | null> {
    const { rows } = await this.pool.query<SubscriptionCharge>(
      `select subscription_id::text, period_index, due_at, status, payin_id::text, failure_reason,
         charged_at from subscription_charges where subscription_id = $1 and period_index = $2`,
      [subscription_id, period_index],
    );
    return rows[0] ?? null;
  }

  async listCharges(subscription_id: string, limit: number, offset: number) {
    const { rows } = await this.pool.query<SubscriptionCharge>(
      `select subscription_id::text, period_index, due_at, status, payin_id::text, failure_reason,
         charged_at from subscription_charges where subscription_id = $1
        order by period_index desc limit $2 offset $3`,
      [subscription_id, limit, offset],
    );
    return rows;
  }
}
