import type { Pool, PoolClient } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import type { AmlScreeningResource } from '@platform/contracts';
import { withTransaction } from '@platform/persistence';
import type { AmlScreeningUpdate } from '../../domain/aml/rescreening';
import type { ScreeningOutcome } from '../../domain/aml/screening-decision';
import type { StoredSubject } from '../../domain/aml/screening-subject';

/** A screening row with the owner's monitoring switch. */
export interface ScreeningRow {
  screening_id: string;
  account_id: string;
  org_id: string;
  subject: StoredSubject;
  status: ScreeningOutcome['status'];
  matches: ScreeningOutcome['matches'];
  list_version: string;
  monitoring: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface NewScreening {
  screening_id: string;
  account_id: string;
  org_id: string;
  idempotency_key: string | null;
  subject: StoredSubject;
  outcome: ScreeningOutcome;
  list_version: string;
}

const SELECT = `select s.screening_id::text, s.account_id, s.org_id, s.subject, s.status,
  s.matches, s.list_version, coalesce(m.enabled, false) as monitoring, s.created_at, s.updated_at
  from aml_screenings s left join aml_monitoring m on m.account_id = s.account_id`;

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export function toResource(row: ScreeningRow): AmlScreeningResource {
  return {
    screening_id: row.screening_id,
    status: row.status,
    subject: row.subject,
    matches: row.matches,
    monitoring: row.monitoring,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** AML screenings, the monitoring switches and keyed rescreens; events in the same transaction. */
export class AmlScreeningsRepository {
  constructor(
    private readonly pool: Pool,
    private readonly events: PgEventStore,
  ) {}

  transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, work);
  }

  /** Inserts unless the account already used the key; null then. */
  async insert(screening: NewScreening): Promise<ScreeningRow | null> {
    const { rows } = await this.pool.query<{ screening_id: string }>(
      `insert into aml_screenings (screening_id, account_id, org_id, idempotency_key, subject,
         status, matches, list_version)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (account_id, idempotency_key) where idempotency_key is not null do nothing
       returning screening_id::text`,
      [
        screening.screening_id,
        screening.account_id,
        screening.org_id,
        screening.idempotency_key,
        JSON.stringify(screening.subject),
        screening.outcome.status,
        JSON.stringify(screening.outcome.matches),
        screening.list_version,
      ],
    );
    return rows[0] ? this.findOwned(screening.account_id, rows[0].screening_id) : null;
  }

  async findByKey(account_id: string, idempotency_key: string): Promise<ScreeningRow | null> {
    const { rows } = await this.pool.query<ScreeningRow>(
      `${SELECT} where s.account_id = $1 and s.idempotency_key = $2`,
      [account_id, idempotency_key],
    );
    return rows[0] ?? null;
  }

  async findOwned(account_id: string, screening_id: string): Promise<ScreeningRow | null> {
    if (!isUuid(screening_id)) return null;
    const { rows } = await this.pool.query<ScreeningRow>(
      `${SELECT} where s.screening_id = $1 and s.account_id = $2`,
      [screening_id, account_id],
    );
    return rows[0] ?? null;
  }

  async list(account_id: string, limit: number, offset: number): Promise<ScreeningRow[]> {
    const { rows } = await this.pool.query<ScreeningRow>(
      `${SELECT} where s.account_id = $1
       order by s.created_at desc, s.screening_id desc limit $2 offset $3`,
      [account_id, limit, offset],
    );
    return rows;
  }

  /** Every screening of an account, locked for the caller's transaction. */
  async lockAccount(client: PoolClient, account_id: string): Promise<ScreeningRow[]> {
    const { rows } = await client.query<ScreeningRow>(
      `${SELECT} where s.account_id = $1 order by s.created_at for update of s`,
      [account_id],
    );
    return rows;
  }

  /** Monitored screenings computed against other lists, locked; others' locked rows skipped. */
  async lockStaleMonitored(
    client: PoolClient,
    list_version: string,
    limit: number,
  ): Promise<ScreeningRow[]> {
    const { rows } = await client.query<ScreeningRow>(
      `${SELECT} where m.enabled and s.list_version <> $1
       order by s.created_at limit $2 for update of s skip locked`,
      [list_version, limit],
    );
    return rows;
  }

  /** Stores a rescreening's outcome, and its event when the outcome changed. */
  async storeOutcome(
    client: PoolClient,
    row: ScreeningRow,
    outcome: ScreeningOutcome,
    list_version: string,
    update: AmlScreeningUpdate | null,
  ): Promise<void> {
    await client.query(
      `update aml_screenings set status = $2, matches = $3, list_version = $4,
         updated_at = case when $5 then now() else updated_at end
       where screening_id = $1`,
      [
        row.screening_id,
        outcome.status,
        JSON.stringify(outcome.matches),
        list_version,
        update !== null,
      ],
    );
    if (!update) return;
    await this.events.appendInTransaction(
      client,
      `aml-screening-${row.screening_id}`,
      [
        {
          type: 'compliance.aml_screening_updated',
          data: update,
          org_id: row.org_id,
          account_id: row.account_id,
        },
      ],
      { expected_version: 'any' },
    );
  }

  async monitoring(account_id: string): Promise<{ enabled: boolean; updated_at: Date | null }> {
    const { rows } = await this.pool.query<{ enabled: boolean; updated_at: Date }>(
      'select enabled, updated_at from aml_monitoring where account_id = $1',
      [account_id],
    );
    return rows[0] ?? { enabled: false, updated_at: null };
  }

  async setMonitoring(
    account_id: string,
    enabled: boolean,
  ): Promise<{ enabled: boolean; updated_at: Date }> {
    const { rows } = await this.pool.query<{ enabled: boolean; updated_at: Date }>(
      `insert into aml_monitoring (account_id, enabled) values ($1, $2)
       on conflict (account_id) do update set enabled = excluded.enabled,
         updated_at = case when aml_monitoring.enabled = excluded.enabled
           then aml_monitoring.updated_at else now() end
       returning enabled, updated_at`,
      [account_id, enabled],
    );
    const row = rows[0];
    if (!row) throw new Error('monitoring switch not stored');
    return row;
  }

  async findRescreen(
    account_id: string,
    key: string,
    client: PoolClient | Pool = this.pool,
  ): Promise<number | null> {
    const { rows } = await client.query<{ rescreened: number }>(
      'select rescreened from aml_rescreens where account_id = $1 and idempotency_key = $2',
      [account_id, key],
    );
    return rows[0]?.rescreened ?? null;
  }

  async recordRescreen(client: PoolClient, account_id: string, key: string, rescreened: number) {
    await client.query(
      `insert into aml_rescreens (account_id, idempotency_key, rescreened) values ($1, $2, $3)`,
      [account_id, key, rescreened],
    );
  }
}
