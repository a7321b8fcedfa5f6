import path from 'node:path';
import type { Pool, PoolClient } from 'pg';
import type { PgEventStore, StreamAppend } from '@platform/event-store';
import { REFUND_STATUSES } from '@platform/contracts';
import {
  StatementBatcher,
  firstOfEachName,
  withTransaction,
  type OwnStatement,
  type PoisonGuard,
} from '@platform/persistence';
import { COLLECT_METHODS, DEPOSIT_METHOD } from '../domain/corridors';
import type { Payin } from '../domain/payin';
import type { PayinChanges, PayinTransition } from '../domain/payin-state';

export const PAYINS_MIGRATIONS_DIR = path.join(__dirname, '../../migrations');
export const PAYINS_EVENTS = Symbol('PAYINS_EVENTS');

const JSON_COLUMNS = new Set(['customer', 'instructions', 'failure', 'instrument', 'payer']);

function columnValue(column: string, value: unknown): unknown {
  return JSON_COLUMNS.has(column) && value !== null ? JSON.stringify(value) : value;
}

/** The events a payin's transition publishes, as an append to the payin's stream. */
function streamAppendOf(payin: Payin, published: PayinTransition['published']): StreamAppend {
  return {
    stream: `payin-${payin.payin_id}`,
    expected_version: 'any',
    events: published.map(({ type, data }) => ({
      type,
      data,
      org_id: payin.org_id,
      account_id: payin.account_id,
    })),
  };
}

/**
 * One update of the changed columns of several payins: each row's changes laid over the row as it
 * is (a column a payin does not change keeps its value), whichever columns the others change.
 */
export function updateOfEach(decided: readonly PayinTransition[]): OwnStatement {
  const columns = [...new Set(decided.flatMap(({ changes }) => Object.keys(changes)))].sort();
  const rows = decided.map(({ payin, changes }) => ({
    payin_id: payin.payin_id,
    // An undefined change clears its column, as in store's update (JSON would leave it out).
    changes: Object.fromEntries(
      Object.entries(changes).map(([column, value]) => [column, value ?? null]),
    ),
  }));
  return {
    text: `update payins p set (${[...columns, 'updated_at'].join(', ')}) =
        (select ${[...columns.map((column) => `r.${column}`), 'now()'].join(', ')}
          from jsonb_populate_record(p, c.changes) as r)
      from jsonb_to_recordset($1::jsonb) as c(payin_id uuid, changes jsonb)
      where p.payin_id = any($2::uuid[]) and p.payin_id = c.payin_id`,
    // By the key: joined to rows sent as json alone, the planner guesses 100 of them and reads
    // the whole table once it holds some thousands of payins.
    values: [JSON.stringify(rows), rows.map((row) => row.payin_id)],
  };
}

/** What `search` looks in: the reference, the id, the client's key, the glosa, the customer. */
const SEARCHED_COLUMNS = [
  'reference',
  'payin_id::text',
  "coalesce(idempotency_key, '')",
  "coalesce(glosa, '')",
  "coalesce(customer->>'name', '')",
  "coalesce(customer->>'email', '')",
];

/**
 * What `GET /v1/payins?kind=` selects: checkout links, pull collections, deposits into deposit
 * accounts, or every other payin.
 */
export const PAYIN_LIST_KINDS = ['payin', 'checkout', 'collect', 'deposit'] as const;
export type PayinListKind = (typeof PAYIN_LIST_KINDS)[number];
const LIST_KIND_SQL = `(case when method = 'checkout' then 'checkout'
  when method in (${COLLECT_METHODS.map((method) => `'${method}'`).join(', ')}) then 'collect'
  when method = '${DEPOSIT_METHOD}' then 'deposit'
  else 'payin' end)`;
export const PAYIN_REFUND_STATUSES = REFUND_STATUSES;
export type PayinRefundFilter = (typeof REFUND_STATUSES)[number];
/** The refund status of payin-view.ts, as SQL over the same columns. */
const REFUND_STATUS_SQL = `(case when credited_amount is null or refunded_amount = 0 then 'none'
  when refunded_amount >= credited_amount then 'refunded' else 'partial' end)`;

export interface PayinListFilter {
  account_id: string;
  status?: string;
  country?: string;
  method?: string;
  instrument_id?: string;
  kind?: PayinListKind;
  refund_status?: PayinRefundFilter;
  search?: string;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

/** Payins as rows of the service's own table, and their events in the same transaction. */
export class PayinsRepository {
  private readonly inserts = new StatementBatcher((batch: readonly Payin[]) =>
    this.insertAll(batch),
  );

  constructor(
    readonly pool: Pool,
    private readonly events: PgEventStore,
  ) {}

  transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, work);
  }

  /**
   * Inserts unless the account already used the idempotency key (or the payin is there already);
   * null then. No conflict target: a demo payin's id is made from its key, so two inserts of it at
   * once collide on the id too, and a target naming the key alone lets that collision raise an
   * error instead of answering null.
   */
  async insert(client: Pick<PoolClient, 'query'>, payin: Payin): Promise<Payin | null> {
    const entries = Object.entries(payin);
    const columns = entries.map(([column]) => column).join(', ');
    const placeholders = entries.map((_, index) => `$${index + 1}`).join(', ');
    const { rows } = await client.query<Payin>(
      `insert into payins (${columns}) values (${placeholders}) on conflict do nothing returning *`,
      entries.map(([column, value]) => columnValue(column, value)),
    );
    return rows[0] ?? null;
  }

  /**
   * Inserts a payin as its own transaction, answered as insert answers. Under load, the inserts
   * waiting while one is written go together in the next statement: one round trip for them all.
   */
  insertCommitted(payin: Payin): Promise<Payin | null> {
    return this.inserts.submit(payin);
  }

  /**
   * Payins as one insert, answered in order. A column one payin leaves out takes its default, as
   * in insert. Of payins in one batch with the same id or key, only the first is tried; the
   * others lose to it and are answered null.
   */
  private async insertAll(batch: readonly Payin[]): Promise<(Payin | null)[]> {
    const [only] = batch;
    if (batch.length === 1 && only) return [await this.insert(this.pool, only)];
    const tried_once = firstOfEachName(batch, (payin) =>
      payin.kind === 'payin' && payin.idempotency_key !== null
        ? [
            `id\0${payin.payin_id.toLowerCase()}`,
            `key\0${payin.account_id}\0${payin.idempotency_key}`,
          ]
        : [`id\0${payin.payin_id.toLowerCase()}`],
    );
    const tried = batch.filter((payin) => tried_once.has(payin));
    const columns = [...new Set(tried.flatMap((payin) => Object.keys(payin)))];
    const values: unknown[] = [];
    const tuples = tried.map((payin) => {
      const cells = columns.map((column) => {
        if (!Object.hasOwn(payin, column)) return 'default';
        values.push(columnValue(column, payin[column as keyof Payin]));
        return `$${values.length}`;
      });
      return `(${cells.join(', ')})`;
    });
    const { rows } = await this.pool.query<Payin>(
      `insert into payins (${columns.join(', ')}) values ${tuples.join(', ')}
        on conflict do nothing returning *`,
      values,
    );
    // PostgreSQL answers a uuid in lower case, whatever case it was sent in.
    const inserted = new Map(rows.map((row) => [row.payin_id, row]));
    return batch.map((payin) =>
      tried_once.has(payin) ? (inserted.get(payin.payin_id.toLowerCase()) ?? null) : null,
    );
  }

  async findByIdempotencyKey(account_id: string, key: string): Promise<Payin | null> {
    const { rows } = await this.pool.query<Payin>(
      `select * from payins where account_id = $1 and idempotency_key = $2 and kind = 'payin'`,
      [account_id, key],
    );
    return rows[0] ?? null;
  }

  async findOwned(account_id: string, payin_id: string): Promise<Payin | null> {
    if (!isUuid(payin_id)) return null;
    const { rows } = await this.pool.query<Payin>(
      // Checkout attempts are readable by id too: an unassigned deposit is the account's to see.
      'select * from payins where payin_id = $1 and account_id = $2',
      [payin_id, account_id],
    );
    return rows[0] ?? null;
  }

  async findByToken(token: string): Promise<Payin | null> {
    const { rows } = await this.pool.query<Payin>('select * from payins where token = $1', [token]);
    return rows[0] ?? null;
  }

  async findById(payin_id: string): Promise<Payin | null> {
    if (!isUuid(payin_id)) return null;
    const { rows } = await this.pool.query<Payin>('select * from payins where payin_id = $1', [
      payin_id,
    ]);
    return rows[0] ?? null;
  }

  /** Locks a payin for the caller's transaction; `skip_locked` passes over one being worked on. */
  async lock(client: PoolClient, payin_id: string, skip_locked = false): Promise<Payin | null> {
    const { rows } = await client.query<Payin>(
      `select * from payins where payin_id = $1 for update${skip_locked ? ' skip locked' : ''}`,
      [payin_id],
    );
    return rows[0] ?? null;
  }

  /** Locks the payins among `payin_ids` that no other transaction holds, in the caller's. */
  async lockMany(client: PoolClient, payin_ids: readonly string[]): Promise<Payin[]> {
    const { rows } = await client.query<Payin>(
      `select * from payins where payin_id = any($1::uuid[])
        order by payin_id for update skip locked`,
      [payin_ids.filter(isUuid)],
    );
    return rows;
  }

  /**
   * Stores what the domain decided, in the caller's transaction: the changed columns, and the
   * events it publishes on the payin's stream (the outbox). Nothing decided, nothing written.
   */
  async store(client: PoolClient, decided: PayinTransition): Promise<Payin> {
    if (decided.events.length === 0) return decided.payin;
    const stored = await this.update(client, decided.payin.payin_id, decided.changes);
    if (decided.published.length > 0)
      await this.events.appendManyInTransaction(client, [
        streamAppendOf(stored, decided.published),
      ]);
    return stored;
  }

  /**
   * Stores several decided transitions in the caller's transaction, as store does each: one
   * update of every changed row, and one append of their events for all their streams. The update
   * rides in the append's statement when the event store remembers every stream's head; a payin's
   * first events start its stream, so its rows and streams are written and locked first. Answers
   * the payins as decided; only their rows hold the new `updated_at`.
   */
  async storeMany(client: PoolClient, decided: readonly PayinTransition[]): Promise<Payin[]> {
    const changing = decided.filter((each) => each.events.length > 0);
    const appends = changing
      .filter((each) => each.published.length > 0)
      .map(({ payin, published }) => streamAppendOf(payin, published));
    if (appends.length > 0)
      await this.events.appendManyInTransactionWith(client, appends, [updateOfEach(changing)]);
    else if (changing.length > 0) {
      const { text, values } = updateOfEach(changing);
      await client.query(text, [...values]);
    }
    return decided.map((each) => each.payin);
  }

  private async update(
    client: PoolClient,
    payin_id: string,
    changes: PayinChanges,
  ): Promise<Payin> {
    const entries = Object.entries(changes);
    const assignments = entries.map(([column], index) => `${column} = $${index + 2}`);
    const { rows } = await client.query<Payin>(
      `update payins set ${[...assignments, 'updated_at = now()'].join(', ')}
        where payin_id = $1 returning *`,
      [payin_id, ...entries.map(([column, value]) => columnValue(column, value))],
    );
    const updated = rows[0];
    if (!updated) throw new Error(`payin ${payin_id} vanished`);
    return updated;
  }

  async list(filter: PayinListFilter): Promise<Payin[]> {
    // A checkout link's method attempts are listed only once unassigned (spec §3).
    const conditions = [`account_id = $1`, `(kind = 'payin' or status = 'unassigned')`];
    const values: unknown[] = [filter.account_id];
    const add = (sql: string, value: unknown) => {
      values.push(value);
      conditions.push(sql.replace('?', `$${values.length}`));
    };
    if (filter.status) add('status = ?', filter.status);
    if (filter.country) add('country = ?', filter.country);
    if (filter.method) add('method = ?', filter.method);
    if (filter.instrument_id) add('instrument_id::text = ?', filter.instrument_id);
    if (filter.kind) add(`${LIST_KIND_SQL} = ?`, filter.kind);
    if (filter.refund_status) add(`${REFUND_STATUS_SQL} = ?`, filter.refund_status);
    if (filter.from) add('created_at >= ?', filter.from);
    if (filter.to) add('created_at < ?', filter.to);
    if (filter.search) {
      values.push(`%${filter.search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`);
      const pattern = `$${values.length}`;
      conditions.push(
        `(${SEARCHED_COLUMNS.map((column) => `${column} ilike ${pattern}`).join(' or ')})`,
      );
    }
    values.push(filter.limit, filter.offset);
    const { rows } = await this.pool.query<Payin>(
      `select * from payins where ${conditions.join(' and ')}
        order by created_at desc, payin_id desc limit $${values.length - 1} offset $${values.length}`,
      values,
    );
    return rows;
  }

  /** Card sessions still waiting for the payer (spec §8: 50 per account). */
  async countOpenCardSessions(account_id: string): Promise<number> {
    const { rows } = await this.pool.query<{ open: string }>(
      `select count(*) as open from payins
        where account_id = $1 and method = 'card' and status = 'pending' and expires_at > now()`,
      [account_id],
    );
    return Number(rows[0]?.open ?? 0);
  }

  async attemptsOf(checkout_payin_id: string): Promise<Payin[]> {
    const { rows } = await this.pool.query<Payin>(
      'select * from payins where checkout_payin_id = $1 order by created_at',
      [checkout_payin_id],
    );
    return rows;
  }

  /** Ids of pending payins whose connector step is due. */
  async dueSteps(limit: number, guard?: PoisonGuard): Promise<string[]> {
    return this.due(`status = 'pending' and next_step_at <= now()`, 'next_step_at', limit, guard);
  }

  async dueExpiries(limit: number, guard?: PoisonGuard): Promise<string[]> {
    return this.due(`status = 'pending' and expires_at <= now()`, 'expires_at', limit, guard);
  }

  async dueSettlements(limit: number, guard?: PoisonGuard): Promise<string[]> {
    return this.due('settlement_pending and settle_at <= now()', 'settle_at', limit, guard);
  }

  /** Ids of payins due by `condition`, oldest first, but those the worker's guard leaves out. */
  private async due(
    condition: string,
    order_by: string,
    limit: number,
    guard: PoisonGuard | undefined,
  ): Promise<string[]> {
    const left_out = guard
      ? `and payin_id::text <> all($2::text[]) and ${guard.notSetAside('$3', 'payin_id::text')}`
      : '';
    const { rows } = await this.pool.query<{ payin_id: string }>(
      `select payin_id from payins where ${condition} ${left_out} order by ${order_by} limit $1`,
      guard ? [limit, guard.waiting(), guard.source] : [limit],
    );
    return rows.map((row) => row.payin_id);
  }
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
