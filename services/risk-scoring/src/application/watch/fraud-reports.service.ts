import { createHash, randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import {
  DomainError,
  IdempotencyKey,
  type CreateFraudReportCommand,
  type GetFraudReportCommand,
} from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import { withTransaction } from '@platform/persistence';
import { assessFraud } from '../../domain/fraud/fraud-score';
import { requireSubject } from '../../domain/subjects/subject';
import {
  fraudReportResource,
  type FraudReportRow,
  type FraudReportsRepository,
} from '../../infrastructure/watch/fraud-reports.repository';
import { subjectFieldsOf } from './reported-subject';

/**
 * Fraud reports (decisions D10): the fraud score of an application from the signals the account
 * observed, stored and published as `risk_fraud_score_ready`. A client key names one report
 * (D7): the same request again answers it, another request with the key is
 * `idempotency_conflict`.
 */
export class FraudReportsService {
  constructor(
    private readonly pool: Pool,
    private readonly reports: FraudReportsRepository,
    private readonly events: PgEventStore,
  ) {}

  async create(command: CreateFraudReportCommand) {
    const subject = requireSubject({
      country: command.country,
      doc_id: command.doc_id,
      subject_type: command.subject_type ?? 'person',
    });
    const idempotency_key = IdempotencyKey.parse(command.idempotency_key);
    const request_hash = createHash('sha256')
      .update(JSON.stringify({ subject, signals: sortedSignals(command.signals) }))
      .digest('hex');
    const repeat = (earlier: FraudReportRow) => {
      if (earlier.request_hash !== request_hash)
        throw new DomainError(
          'idempotency_conflict',
          'this idempotency_key was used for another fraud report',
        );
      return { report: fraudReportResource(earlier), created: false };
    };
    if (idempotency_key) {
      const earlier = await this.reports.byKey(this.pool, command.account_id, idempotency_key);
      if (earlier) return repeat(earlier);
    }
    const assessment = assessFraud(command.signals);
    return withTransaction(this.pool, async (client) => {
      const inserted = await this.reports.insert(client, {
        fraud_report_id: randomUUID(),
        account_id: command.account_id,
        org_id: command.org_id,
        ...subject,
        ...assessment,
        signals: command.signals,
        idempotency_key,
        request_hash,
        created_at: new Date(),
      });
      if (!inserted) {
        const winner = await this.reports.byKey(client, command.account_id, idempotency_key!);
        if (!winner) throw new Error('a fraud report conflicted on its key and then vanished');
        return repeat(winner);
      }
      const resource = fraudReportResource(inserted);
      await this.events.appendInTransaction(
        client,
        `risk-fraud-${inserted.fraud_report_id}`,
        [
          {
            type: 'risk-scoring.fraud_score_computed',
            data: {
              fraud_report_id: resource.fraud_report_id,
              account_id: command.account_id,
              ...subjectFieldsOf(resource.subject),
              fraud_score: resource.fraud_score,
              level: resource.level,
              reasons: resource.reasons.map((reason) => reason.code),
              created_at: resource.created_at,
              ...(idempotency_key ? { idempotency_key } : {}),
            },
            org_id: command.org_id,
            account_id: command.account_id,
          },
        ],
        { expected_version: 'no_stream' },
      );
      return { report: resource, created: true };
    });
  }

  async get(command: GetFraudReportCommand) {
    const row = await this.reports.get(command.account_id, command.fraud_report_id);
    if (!row) throw new DomainError('not_found', 'no such fraud report');
    return fraudReportResource(row);
  }
}

/** The signals in key order, so that one request always hashes the same. */
function sortedSignals(signals: CreateFraudReportCommand['signals']): [string, unknown][] {
  return Object.entries(signals)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
}
