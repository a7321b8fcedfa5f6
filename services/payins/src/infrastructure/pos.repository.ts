import type { Pool, PoolClient } from 'pg';
import { withSnapshot, withTransaction } from '@platform/persistence';
import type { PgEventStore } from '@platform/event-store';
import type { PosCharge } from '../domain/pos-charge';
import { appendToOutbox, type PublishedEvent } from './payins-outbox';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COLUMNS = `charge_id::text, account_id::text, org_id, terminal_id, currency, amount::text,
  status, refunded_amount::text, created_at`;

export interface PosRefund {
  refund_id: string;
  charge_id: string;
  amount: string;
  fingerprint: string;
  created_at: Date;
}

export interface PosChargeFilter {
  account_id: string;
  terminal_id?: string;
  status?: string;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

export interface PosTotalsRow {
  key: string;
  currency: string;
  gross: string;
  refunded: string;
  net: string;
  count: string;
}

/** POS charges, their refunds and the disabled terminals. */
export class PosRepository {
  constructor(
    readonly pool: Pool,
    private readonly events: PgEventStore,
  ) {}

  publish(client: PoolClient, charge: PosCharge, published: readonly PublishedEvent[]) {
    return appendToOutbox(this.events, client, charge, `pos-charge-${charge.charge_id}`, published);
  }

  transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, work);
  }

  async insert(client: PoolClient, charge: PosCharge): Promise<PosCharge> {
    const { rows } = await client.query<PosCharge>(
      `insert into pos_charges (charge_id, account_id, org_id, terminal_id, currency, amount,
         status, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${COLUMNS}`,
      [
        charge.charge_id,
        charge.account_id,
        charge.org_id,
        charge.terminal_id,
        charge.currency,
        charge.amount,
        charge.status,
        charge.created_at,
      ],
    );
    return rows[0];
  }

  async findOwned(account_id: string, charge_id: string): Promise<PosCharge | null> {
    if (!UUID.test(charge_id)) return null;
    const { rows } = await this.pool.query<PosCharge>(
      `select ${COLUMNS} from pos_charges where account_id = $1 and charge_id = $2`,
      [account_id, charge_id],
    );
    return rows[0] ?? null;
  }

  async lock(client: PoolClient, charge_id: string): Promise<PosCharge | null> {
    const { rows } = await client.query<PosCharge>(
      `select ${COLUMNS} from pos_charges where charge_id = $1 for update`,
      [charge_id],
    );
    return rows[0] ?? null;
  }

  async setRefunded(client: PoolClient, charge: PosCharge): Promise<PosCharge> {
    const { rows } = await client.query<PosCharge>(
      `update pos_charges set refunded_amount = $2 where charge_id = $1 returning ${COLUMNS}`,
      [charge.charge_id, charge.refunded_amount],
    );
    return rows[0];
  }

  async findRefund(account_id: string, idempotency_key: string): Promise<PosRefund | null> {
    const { rows } = await this.pool.query<PosRefund>(
      `select refund_id::text, charge_id::text, amount::text, fingerprint, created_at
         from pos_refunds where account_id = $1 and idempotency_key = $2`,
      [account_id, idempotency_key],
    );
    return rows[0] ?? null;
  }

  /** False when the account already used the key (a concurrent refund won). */
  async insertRefund(
    client: PoolClient,
    refund: PosRefund & { account_id: string; idempotency_key: string },
  ): Promise<boolean> {
    const { rowCount } = await client.query(
      `insert into pos_refunds (refund_id, charge_id, account_id, amount, idempotency_key,
         fingerprint, created_at)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict (account_id, idempotency_key) do nothing`,
      [
        refund.refund_id,
        refund.charge_id,
        refund.account_id,
        refund.amount,
        refund.idempotency_key,
        refund.fingerprint,
        refund.created_at,
      ],
    );
    return rowCount === 1;
  }

  async disableTerminal(account_id: string, terminal_id: string): Promise<void> {
    await this.pool.query(
      `insert into pos_disabled_terminals (account_id, terminal_id) values ($1, $2)
       on conflict do nothing`,
      [account_id, terminal_id],
    );
  }

  async isTerminalDisabled(account_id: string, terminal_id: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'select 1 from pos_disabled_terminals where account_id = $1 and terminal_id = $2',
      [account_id, terminal_id],
    );
    return rowCount === 1;
  }

  async list(filter: PosChargeFilter): Promise<PosCharge[]> {
    const { where, values } = conditionsOf(filter);
    values.push(filter.limit, filter.offset);
    const { rows } = await this.pool.query<PosCharge>(
      `select ${COLUMNS} from pos_charges where ${where}
        order by created_at desc, charge_id desc
        limit $${values.length - 1} offset $${values.length}`,
      values,
    );
    return rows;
  }

  /**
   * Totals of received charges per currency, all together and per `group_by` key (the day in
   * `timezone` or the terminal), from one snapshot: read apart, a charge received between the
   * two reads counted in the groups and not in the totals.
   */
  summary(
    filter: Omit<PosChargeFilter, 'limit' | 'offset'>,
    group_by: 'day' | 'terminal',
    timezone: string,
  ): Promise<{ totals: PosTotalsRow[]; groups: PosTotalsRow[] }> {
    return withSnapshot(this.pool, async (client) => {
      const totals = await totalsOf(client, filter, null, timezone);
      const groups = await totalsOf(client, filter, group_by, timezone);
      return { totals, groups };
    });
  }
}

/** Sums stay `numeric` (exact) until they are text. */
async function totalsOf(
  client: PoolClient,
  filter: Omit<PosChargeFilter, 'limit' | 'offset'>,
  group_by: 'day' | 'terminal' | null,
  timezone: string,
): Promise<PosTotalsRow[]> {
  const { where, values } = conditionsOf({ ...filter, status: 'received' });
  let key = "'all'";
  if (group_by === 'terminal') key = 'terminal_id';
  if (group_by === 'day') {
    values.push(timezone);
    key = `to_char(created_at at time zone $${values.length}, 'YYYY-MM-DD')`;
  }
  const { rows } = await client.query<PosTotalsRow>(
    `select ${key} as key, currency, sum(amount)::text as gross,
         sum(refunded_amount)::text as refunded, sum(amount - refunded_amount)::text as net,
         count(*)::text as count
         from pos_charges where ${where}
        group by 1, currency order by 1 desc, currency`,
    values,
  );
  return rows;
}

function conditionsOf(filter: Omit<PosChargeFilter, 'limit' | 'offset'>) {
  const conditions = ['account_id = $1'];
  const values: unknown[] = [filter.account_id];
  const add = (sql: string, value: unknown) => {
    values.push(value);
    conditions.push(sql.replace('?', `$${values.length}`));
  };
  if (filter.terminal_id) add('terminal_id = ?', filter.terminal_id);
  if (filter.status) add('status = ?', filter.status);
  if (filter.from) add('created_at >= ?', filter.from);
  if (filter.to) add('created_at < ?', filter.to);
  return { where: conditions.join(' and '), values };
}
