import type { Pool, PoolClient } from 'pg';
import type { MonitoringResource, RiskSubject, CreditBand } from '@platform/contracts';
import type { SeenScore } from '../../domain/monitoring/monitoring';

export interface MonitoringRow {
  monitoring_id: string;
  account_id: string;
  org_id: string;
  country: string;
  doc_id: string;
  subject_type: RiskSubject['subject_type'];
  status: 'active' | 'stopped';
  score: number | null;
  band: CreditBand | null;
  score_updated_at: Date | null;
  created_at: Date;
}

const COLUMNS = `monitoring_id::text, account_id, org_id, country, doc_id, subject_type, status,
  score, band, score_updated_at, created_at`;

export function monitoringResource(row: MonitoringRow): MonitoringResource {
  return {
    monitoring_id: row.monitoring_id,
    subject: { country: row.country, doc_id: row.doc_id, subject_type: row.subject_type },
    status: 'active',
    score: row.score,
    band: row.band,
    score_updated_at: row.score_updated_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

export function seenOf(row: MonitoringRow): SeenScore | null {
  return row.score === null || row.band === null ? null : { score: row.score, band: row.band };
}

/** Monitoring subscriptions; only active ones are read by accounts. */
export class MonitoringRepository {
  constructor(private readonly pool: Pool) {}

  /** The account's active subscription to the subject, locked when a client is given. */
  async active(
    db: Pool | PoolClient,
    account_id: string,
    country: string,
    doc_id: string,
    lock = false,
  ): Promise<MonitoringRow | null> {
    const { rows } = await db.query<MonitoringRow>(
      `select ${COLUMNS} from risk_monitoring
        where account_id = $1 and country = $2 and doc_id = $3 and status = 'active'
        ${lock ? 'for update' : ''}`,
      [account_id, country, doc_id],
    );
    return rows[0] ?? null;
  }

  /** Inserts an active subscription; null when a concurrent start won (the caller reads it). */
  async insert(client: PoolClient, row: MonitoringRow): Promise<MonitoringRow | null> {
    const { rows } = await client.query<MonitoringRow>(
      `insert into risk_monitoring (monitoring_id, account_id, org_id, country, doc_id,
         subject_type, status, score, band, score_updated_at, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, 'active', $7, $8, $9, $10, $10)
       on conflict (account_id, country, doc_id) where status = 'active' do nothing
       returning ${COLUMNS}`,
      [
        row.monitoring_id,
        row.account_id,
        row.org_id,
        row.country,
        row.doc_id,
        row.subject_type,
        row.score,
        row.band,
        row.score_updated_at,
        row.created_at,
      ],
    );
    return rows[0] ?? null;
  }

  async stop(client: PoolClient, monitoring_id: string): Promise<void> {
    await client.query(
      `update risk_monitoring set status = 'stopped', updated_at = now() where monitoring_id = $1`,
      [monitoring_id],
    );
  }

  async recordSeen(
    client: PoolClient,
    monitoring_id: string,
    seen: SeenScore,
    at: Date,
  ): Promise<void> {
    await client.query(
      `update risk_monitoring set score = $2, band = $3, score_updated_at = $4, updated_at = now()
        where monitoring_id = $1`,
      [monitoring_id, seen.score, seen.band, at],
    );
  }

  /**
   * The active subscriptions to a document id (of one country, or of every one when null),
   * every account's: whom a bureau change concerns.
   */
  async watchersOf(
    client: PoolClient,
    doc_id: string,
    country: string | null,
  ): Promise<MonitoringRow[]> {
    const { rows } = await client.query<MonitoringRow>(
      `select ${COLUMNS} from risk_monitoring
        where doc_id = $1 and ($2::text is null or country = $2) and status = 'active'
        order by created_at`,
      [doc_id, country],
    );
    return rows;
  }

  async byId(monitoring_id: string): Promise<MonitoringRow | null> {
    const { rows } = await this.pool.query<MonitoringRow>(
      `select ${COLUMNS} from risk_monitoring where monitoring_id = $1`,
      [monitoring_id],
    );
    return rows[0] ?? null;
  }

  /** One subscription by id, locked, whatever its status. */
  async lock(client: PoolClient, monitoring_id: string): Promise<MonitoringRow | null> {
    const { rows } = await client.query<MonitoringRow>(
      `select ${COLUMNS} from risk_monitoring where monitoring_id = $1 for update`,
      [monitoring_id],
    );
    return rows[0] ?? null;
  }

  async list(account_id: string, limit: number, offset: number): Promise<MonitoringRow[]> {
    const { rows } = await this.pool.query<MonitoringRow>(
      `select ${COLUMNS} from risk_monitoring where account_id = $1 and status = 'active'
        order by created_at desc, monitoring_id limit $2 offset $3`,
      [account_id, limit, offset],
    );
    return rows;
  }

  async countActive(account_id: string): Promise<number> {
    const { rows } = await this.pool.query<{ count: number }>(
      `select count(*)::int as count from risk_monitoring
        where account_id = $1 and status = 'active'`,
      [account_id],
    );
    return rows[0].count;
  }
}
