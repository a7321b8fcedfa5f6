import type { Pool, PoolClient } from 'pg';
import type {
  FraudLevel,
  FraudReason,
  FraudReportResource,
  FraudSignals,
  RiskSubject,
} from '@platform/contracts';

export interface FraudReportRow {
  fraud_report_id: string;
  account_id: string;
  org_id: string;
  country: string;
  doc_id: string;
  subject_type: RiskSubject['subject_type'];
  fraud_score: number;
  level: FraudLevel;
  reasons: FraudReason[];
  signals: FraudSignals;
  idempotency_key: string | null;
  request_hash: string;
  created_at: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COLUMNS = `fraud_report_id::text, account_id, org_id, country, doc_id, subject_type,
  fraud_score, level, reasons, signals, idempotency_key, request_hash, created_at`;

export function fraudReportResource(row: FraudReportRow): FraudReportResource {
  return {
    fraud_report_id: row.fraud_report_id,
    subject: { country: row.country, doc_id: row.doc_id, subject_type: row.subject_type },
    fraud_score: row.fraud_score,
    level: row.level,
    reasons: row.reasons,
    signals: row.signals,
    created_at: row.created_at.toISOString(),
  };
}

/** Fraud reports; a client key names one per account. */
export class FraudReportsRepository {
  constructor(private readonly pool: Pool) {}

  /** Inserts the report; null when the account's key names another already (a repeat or race). */
  async insert(client: PoolClient, row: FraudReportRow): Promise<FraudReportRow | null> {
    const { rows } = await client.query<FraudReportRow>(
      `insert into risk_fraud_reports (fraud_report_id, account_id, org_id, country, doc_id,
         subject_type, fraud_score, level, reasons, signals, idempotency_key, request_hash,
         created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       on conflict (account_id, idempotency_key) where idempotency_key is not null do nothing
       returning ${COLUMNS}`,
      [
        row.fraud_report_id,
        row.account_id,
        row.org_id,
        row.country,
        row.doc_id,
        row.subject_type,
        row.fraud_score,
        row.level,
        JSON.stringify(row.reasons),
        JSON.stringify(row.signals),
        row.idempotency_key,
        row.request_hash,
        row.created_at,
      ],
    );
    return rows[0] ?? null;
  }

  async byKey(
    db: Pool | PoolClient,
    account_id: string,
    idempotency_key: string,
  ): Promise<FraudReportRow | null> {
    const { rows } = await db.query<FraudReportRow>(
      `select ${COLUMNS} from risk_fraud_reports where account_id = $1 and idempotency_key = $2`,
      [account_id, idempotency_key],
    );
    return rows[0] ?? null;
  }

  async get(account_id: string, fraud_report_id: string): Promise<FraudReportRow | null> {
    if (!UUID.test(fraud_report_id)) return null;
    const { rows } = await this.pool.query<FraudReportRow>(
      `select ${COLUMNS} from risk_fraud_reports where fraud_report_id = $1 and account_id = $2`,
      [fraud_report_id, account_id],
    );
    return rows[0] ?? null;
  }

  async counts(account_id: string): Promise<{ total: number; high_or_very_high: number }> {
    const { rows } = await this.pool.query<{ total: number; high_or_very_high: number }>(
      `select count(*)::int as total,
              count(*) filter (where level in ('high', 'very_high'))::int as high_or_very_high
         from risk_fraud_reports where account_id = $1`,
      [account_id],
    );
    return rows[0];
  }
}
