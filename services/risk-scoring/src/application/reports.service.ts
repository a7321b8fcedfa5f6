import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { DomainError, IdempotencyKey, type RiskPurpose } from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import { withTransaction } from '@platform/persistence';
import { assertConsentCovers } from '../domain/consents/consent';
import { compactDocId } from '../domain/subjects/doc-ids';
import { subjectIdOf, type Subject } from '../domain/subjects/subject';
import type { ConsentStore } from '../infrastructure/consents.repository';
import {
  reportResource,
  type ReportStore,
  type StoredReport,
} from '../infrastructure/reports.repository';
import { reportStream } from '../infrastructure/risk-events';
import type { AccountStanding } from './account-standing';
import type { SubjectEvaluator } from './subject-evaluator';

export interface CreateReportInput {
  account_id: string;
  org_id: string;
  subject: Subject;
  purpose: RiskPurpose;
  consent_id?: string | null;
  /** The account reports on itself (own report): no consent is asked. */
  own_subject?: boolean;
  idempotency_key?: string | null;
  /** `platform`: the key is the platform's own (a batch item's), never shown to the client. */
  key_origin?: 'client' | 'platform';
}

/**
 * Credit reports (decisions D10): a verified account evaluates a subject (a person with its
 * granted consent), the report is stored and `risk_report_ready` is published after commit.
 * One report per (account, idempotency key): a retry answers the first.
 */
export class ReportsService {
  constructor(
    private readonly pool: Pool,
    private readonly reports: ReportStore,
    private readonly consents: ConsentStore,
    private readonly evaluator: SubjectEvaluator,
    private readonly standing: AccountStanding,
    private readonly events: PgEventStore,
  ) {}

  async create(input: CreateReportInput): Promise<StoredReport> {
    const idempotency_key =
      input.key_origin === 'platform'
        ? IdempotencyKey.platform(input.idempotency_key)
        : IdempotencyKey.parse(input.idempotency_key);
    if (idempotency_key) {
      const earlier = await this.reports.byIdempotencyKey(input.account_id, idempotency_key);
      if (earlier) return earlier;
    }
    await this.standing.assertVerified(input.account_id);
    const subject_id = subjectIdOf(input.subject);
    const consent_id = input.consent_id || null;
    if (!input.own_subject && (input.subject.subject_type === 'person' || consent_id)) {
      const consent = consent_id ? await this.consents.get(input.account_id, consent_id) : null;
      assertConsentCovers(consent, subject_id, new Date());
    }
    const evaluation = await this.evaluator.evaluate(input.subject, input.purpose);
    if ('no_score' in evaluation)
      throw new DomainError('no_score', 'the bureau has no score for this subject');
    const report: StoredReport = {
      report_id: randomUUID(),
      account_id: input.account_id,
      org_id: input.org_id,
      subject_id,
      subject: input.subject,
      purpose: input.purpose,
      consent_id,
      evaluation,
      evaluated_at: new Date(),
      idempotency_key,
    };
    return withTransaction(this.pool, async (client) => {
      const inserted = await this.reports.insert(client, report);
      if (!inserted) {
        // A concurrent request with the same key won: answer its report.
        const winner = idempotency_key
          ? await this.reports.byIdempotencyKey(input.account_id, idempotency_key)
          : null;
        if (!winner) throw new Error('a report conflicted on its idempotency key and vanished');
        return winner;
      }
      const resource = reportResource(inserted);
      await this.events.appendInTransaction(
        client,
        reportStream(inserted.report_id),
        [
          {
            type: 'risk-scoring.report_created',
            data: {
              report_id: resource.report_id,
              account_id: resource.account_id,
              subject_id,
              ...resource.subject,
              purpose: resource.purpose,
              score: resource.score,
              band: resource.band,
              evaluated_at: resource.evaluated_at,
              ...(resource.idempotency_key ? { idempotency_key: resource.idempotency_key } : {}),
            },
            org_id: input.org_id,
            account_id: input.account_id,
          },
        ],
        { expected_version: 'no_stream' },
      );
      return inserted;
    });
  }

  async get(account_id: string, report_id: string): Promise<StoredReport> {
    const report = await this.reports.get(account_id, report_id);
    if (!report) throw new DomainError('not_found', 'no such report');
    return report;
  }

  async list(account_id: string, limit: number, offset: number): Promise<StoredReport[]> {
    return this.reports.listByAccount(account_id, limit, offset);
  }

  /**
   * The latest score of a subject the account reported (403 `report_required` otherwise). With
   * no country, the document id's latest report of any country.
   */
  async subjectScore(account_id: string, doc_id: string, country: string | null) {
    const wanted = country?.trim().toUpperCase() || null;
    const latest = await this.reports.latestByDocId(account_id, compactDocId(doc_id));
    const match = latest.find((report) => wanted === null || report.subject.country === wanted);
    if (!match)
      throw new DomainError('report_required', 'the account has not reported this subject yet');
    return match;
  }
}
