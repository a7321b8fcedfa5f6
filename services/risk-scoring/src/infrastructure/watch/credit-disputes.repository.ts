import type { Pool, PoolClient } from 'pg';
import type { CreditDisputeResource, CreditDisputeStatus, RiskSubject } from '@platform/contracts';
import type { FactorCorrections } from '../../application/subject-evaluator';
import type { CreditDisputeState } from '../../domain/disputes/credit-dispute';

export interface CreditDisputeRow {
  dispute_id: string;
  account_id: string;
  org_id: string;
  country: string;
  doc_id: string;
  subject_type: RiskSubject['subject_type'];
  report_id: string;
  factor_code: string;
  factor_description: string;
  reason: string;
  status: CreditDisputeStatus;
  decision_note: string | null;
  decided_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COLUMNS = `dispute_id::text, account_id, org_id, country, doc_id, subject_type, report_id,
  factor_code, factor_description, reason, status, decision_note, decided_at, created_at,
  updated_at`;

export function creditDisputeResource(row: CreditDisputeRow): CreditDisputeResource {
  return {
    dispute_id: row.dispute_id,
    kind: 'credit_report',
    subject: { country: row.country, doc_id: row.doc_id, subject_type: row.subject_type },
    report_id: row.report_id,
    factor_code: row.factor_code,
    factor_description: row.factor_description,
    reason: row.reason,
    status: row.status,
    resolution:
      row.status === 'open' || row.decided_at === null
        ? null
        : {
            decision: row.status,
            note: row.decision_note ?? '',
            decided_at: row.decided_at.toISOString(),
          },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function disputeStateOf(row: CreditDisputeRow): CreditDisputeState {
  return {
    status: row.status,
    factor_code: row.factor_code,
    decision_note: row.decision_note,
    decided_at: row.decided_at?.toISOString() ?? null,
  };
}

/** Report-factor disputes. */
export class CreditDisputesRepository implements FactorCorrections {
  constructor(private readonly pool: Pool) {}

  async openOf(
    db: Pool | PoolClient,
    account_id: string,
    country: string,
    doc_id: string,
    factor_code: string,
  ): Promise<CreditDisputeRow | null> {
    const { rows } = await db.query<CreditDisputeRow>(
      `select ${COLUMNS} from risk_credit_disputes where account_id = $1 and country = $2
          and doc_id = $3 and factor_code = $4 and status = 'open'`,
      [account_id, country, doc_id, factor_code],
    );
    return rows[0] ?? null;
  }

  /** Inserts an open dispute; null when one is open already for that factor (a race). */
  async insert(client: PoolClient, row: CreditDisputeRow): Promise<CreditDisputeRow | null> {
    const { rows } = await client.query<CreditDisputeRow>(
      `insert into risk_credit_disputes (dispute_id, account_id, org_id, country, doc_id,
         subject_type, report_id, factor_code, factor_description, reason, status, created_at,
         updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'open', $11, $11)
       on conflict (account_id, country, doc_id, factor_code) where status = 'open' do nothing
       returning ${COLUMNS}`,
      [
        row.dispute_id,
        row.account_id,
        row.org_id,
        row.country,
        row.doc_id,
        row.subject_type,
        row.report_id,
        row.factor_code,
        row.factor_description,
        row.reason,
        row.created_at,
      ],
    );
    return rows[0] ?? null;
  }

  /** The dispute, locked; `account_id` null reads any account's (the operator). */
  async lock(
    client: PoolClient,
    dispute_id: string,
    account_id: string | null,
  ): Promise<CreditDisputeRow | null> {
    if (!UUID.test(dispute_id)) return null;
    const { rows } = await client.query<CreditDisputeRow>(
      `select ${COLUMNS} from risk_credit_disputes
        where dispute_id = $1 and ($2::text is null or account_id = $2) for update`,
      [dispute_id, account_id],
    );
    return rows[0] ?? null;
  }

  async get(account_id: string, dispute_id: string): Promise<CreditDisputeRow | null> {
    if (!UUID.test(dispute_id)) return null;
    const { rows } = await this.pool.query<CreditDisputeRow>(
      `select ${COLUMNS} from risk_credit_disputes where dispute_id = $1 and account_id = $2`,
      [dispute_id, account_id],
    );
    return rows[0] ?? null;
  }

  async decide(
    client: PoolClient,
    dispute_id: string,
    status: CreditDisputeStatus,
    note: string,
    at: Date,
  ): Promise<CreditDisputeRow> {
    const { rows } = await client.query<CreditDisputeRow>(
      `update risk_credit_disputes
          set status = $2, decision_note = $3, decided_at = $4, updated_at = $4
        where dispute_id = $1 returning ${COLUMNS}`,
      [dispute_id, status, note, at],
    );
    return rows[0];
  }

  async listOfSubject(
    account_id: string,
    country: string,
    doc_id: string,
    limit: number,
    offset: number,
  ): Promise<CreditDisputeRow[]> {
    const { rows } = await this.pool.query<CreditDisputeRow>(
      `select ${COLUMNS} from risk_credit_disputes
        where account_id = $1 and country = $2 and doc_id = $3
        order by created_at desc, dispute_id limit $4 offset $5`,
      [account_id, country, doc_id, limit, offset],
    );
    return rows;
  }

  /**
   * The factor codes of a subject resolved in its favour, whoever disputed them: a corrected
   * record is corrected for every later evaluation (the evaluator's FACTOR_CORRECTIONS).
   */
  async correctedFactors(subject: { country: string; doc_id: string }): Promise<string[]> {
    const { rows } = await this.pool.query<{ factor_code: string }>(
      `select distinct factor_code from risk_credit_disputes
        where country = $1 and doc_id = $2 and status = 'resolved' order by factor_code`,
      [subject.country, subject.doc_id],
    );
    return rows.map((row) => row.factor_code);
  }

  async countsByStatus(account_id: string): Promise<Record<CreditDisputeStatus, number>> {
    const { rows } = await this.pool.query<{ status: CreditDisputeStatus; count: number }>(
      `select status, count(*)::int as count from risk_credit_disputes
        where account_id = $1 group by status`,
      [account_id],
    );
    const counts = { open: 0, resolved: 0, rejected: 0 };
    for (const row of rows) counts[row.status] = row.count;
    return counts;
  }
}
