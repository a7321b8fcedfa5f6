import type { Pool, PoolClient } from 'pg';
import type { RiskPurpose, RiskReportResource, SubjectScoreResource } from '@platform/contracts';
import type { Evaluation } from '../domain/scoring/scorecard';
import type { Subject } from '../domain/subjects/subject';

export interface StoredReport {
  report_id: string;
  account_id: string;
  org_id: string;
  subject_id: string;
  subject: Subject;
  purpose: RiskPurpose;
  consent_id: string | null;
  evaluation: Evaluation;
  evaluated_at: Date;
  idempotency_key: string | null;
}

interface ReportRow {
  report_id: string;
  account_id: string;
  org_id: string;
  subject_id: string;
  country: string;
  doc_id: string;
  subject_type: Subject['subject_type'];
  purpose: RiskPurpose;
  consent_id: string | null;
  score: number;
  band: Evaluation['band'];
  factors: Evaluation['factors'];
  evaluated_at: Date;
  idempotency_key: string | null;
}

const COLUMNS = `report_id::text, account_id, org_id, subject_id, country, doc_id, subject_type,
  purpose, consent_id::text, score, band, factors, evaluated_at, idempotency_key`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function stored(row: ReportRow): StoredReport {
  return {
    report_id: row.report_id,
    account_id: row.account_id,
    org_id: row.org_id,
    subject_id: row.subject_id,
    subject: { country: row.country, doc_id: row.doc_id, subject_type: row.subject_type },
    purpose: row.purpose,
    consent_id: row.consent_id,
    evaluation: { score: row.score, band: row.band, factors: row.factors },
    evaluated_at: row.evaluated_at,
    idempotency_key: row.idempotency_key,
  };
}

export function reportResource(report: StoredReport): RiskReportResource {
  return {
    report_id: report.report_id,
    account_id: report.account_id,
    subject_id: report.subject_id,
    subject: report.subject,
    purpose: report.purpose,
    consent_id: report.consent_id,
    score: report.evaluation.score,
    band: report.evaluation.band,
    factors: report.evaluation.factors,
    evaluated_at: report.evaluated_at.toISOString(),
    ...(report.idempotency_key ? { idempotency_key: report.idempotency_key } : {}),
  };
}

export function subjectScoreOf(report: StoredReport): SubjectScoreResource {
  return {
    subject_id: report.subject_id,
    subject: report.subject,
    score: report.evaluation.score,
    band: report.evaluation.band,
    report_id: report.report_id,
    evaluated_at: report.evaluated_at.toISOString(),
  };
}

/**
 * The report store. Other parts read it: an account's reports, one report, and the latest
 * report of (account, subject). Another account's report is never answered (BOLA).
 */
export class ReportStore {
  constructor(private readonly pool: Pool) {}

  /** Inserts the report; null when the account already has one under the idempotency key. */
  async insert(client: PoolClient, report: StoredReport): Promise<StoredReport | null> {
    const { rows } = await client.query<ReportRow>(
      `insert into risk_reports (report_id, account_id, org_id, subject_id, country, doc_id,
         subject_type, purpose, consent_id, score, band, factors, evaluated_at, idempotency_key)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       on conflict (account_id, idempotency_key) do nothing
       returning ${COLUMNS}`,
      [
        report.report_id,
        report.account_id,
        report.org_id,
        report.subject_id,
        report.subject.country,
        report.subject.doc_id,
        report.subject.subject_type,
        report.purpose,
        report.consent_id,
        report.evaluation.score,
        report.evaluation.band,
        JSON.stringify(report.evaluation.factors),
        report.evaluated_at,
        report.idempotency_key,
      ],
    );
    return rows[0] ? stored(rows[0]) : null;
  }

  async byIdempotencyKey(
    account_id: string,
    idempotency_key: string,
  ): Promise<StoredReport | null> {
    const { rows } = await this.pool.query<ReportRow>(
      `select ${COLUMNS} from risk_reports where account_id = $1 and idempotency_key = $2`,
      [account_id, idempotency_key],
    );
    return rows[0] ? stored(rows[0]) : null;
  }

  async get(account_id: string, report_id: string): Promise<StoredReport | null> {
    if (!UUID.test(report_id)) return null;
    const { rows } = await this.pool.query<ReportRow>(
      `select ${COLUMNS} from risk_reports where report_id = $1 and account_id = $2`,
      [report_id, account_id],
    );
    return rows[0] ? stored(rows[0]) : null;
  }

  async listByAccount(account_id: string, limit: number, offset: number): Promise<StoredReport[]> {
    const { rows } = await this.pool.query<ReportRow>(
      `select ${COLUMNS} from risk_reports where account_id = $1
        order by evaluated_at desc, report_id limit $2 offset $3`,
      [account_id, limit, offset],
    );
    return rows.map(stored);
  }

  /** The account's latest report of the subject, or null when it never reported it. */
  async latestOf(account_id: string, subject_id: string): Promise<StoredReport | null> {
    const { rows } = await this.pool.query<ReportRow>(
      `select ${COLUMNS} from risk_reports where account_id = $1 and subject_id = $2
        order by evaluated_at desc, report_id limit 1`,
      [account_id, subject_id],
    );
    return rows[0] ? stored(rows[0]) : null;
  }

  /** The account's latest report of each subject with this document id, newest first. */
  async latestByDocId(account_id: string, doc_id: string): Promise<StoredReport[]> {
    const { rows } = await this.pool.query<ReportRow>(
      `select distinct on (subject_id) ${COLUMNS} from risk_reports
        where account_id = $1 and doc_id = $2
        order by subject_id, evaluated_at desc, report_id`,
      [account_id, doc_id],
    );
    return rows.map(stored).sort((a, b) => b.evaluated_at.getTime() - a.evaluated_at.getTime());
  }
}
