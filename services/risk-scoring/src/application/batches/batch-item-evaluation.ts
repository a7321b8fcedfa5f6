import { DomainError, type RiskPurpose } from '@platform/contracts';
import { isTransientFailure } from '@platform/persistence';
import { subjectIdOf } from '../../domain/subjects/subject';
import type { ItemResult, PendingItem } from '../../infrastructure/batches/batch-items.repository';
import type { BatchesRepository } from '../../infrastructure/batches/batches.repository';
import { reportResource } from '../../infrastructure/reports.repository';
import type { ReportsService } from '../reports.service';
import { itemReportKey } from './batch-jobs';

/** The codes of a person subject whose consent does not cover the report. */
const CONSENT_CODES: readonly string[] = ['link_inactive', 'holder_mismatch'];

export interface BatchContext {
  batch_id: string;
  account_id: string;
  org_id: string;
  purpose: RiskPurpose;
}

/**
 * One item of a batch evaluated as a report of its own (decisions D10). A company is reported
 * at once; a person only with a consent the subject granted the account (`consent_required`
 * otherwise, as a single report would answer `link_inactive`). The report is created under a
 * key of the item, so evaluating the item again (after a crash) answers the same report.
 * A transient failure (database, bus) is thrown for the job to retry the chunk.
 */
export class BatchItemEvaluation {
  constructor(
    private readonly batches: BatchesRepository,
    private readonly reports: ReportsService,
  ) {}

  async evaluate(batch: BatchContext, item: PendingItem): Promise<ItemResult> {
    const subject = { country: item.country, doc_id: item.doc_id, subject_type: item.subject_type };
    const consent_id =
      subject.subject_type === 'person'
        ? await this.batches.items.grantedConsent(batch.account_id, subjectIdOf(subject))
        : null;
    if (subject.subject_type === 'person' && !consent_id) {
      return outcome(item, 'consent_required', {
        error: 'link_inactive',
        reason: 'a person is evaluated only with the consent the subject granted the account',
      });
    }
    try {
      const report = reportResource(
        await this.reports.create({
          account_id: batch.account_id,
          org_id: batch.org_id,
          subject,
          purpose: batch.purpose,
          consent_id,
          idempotency_key: itemReportKey(batch.batch_id, item.position),
          key_origin: 'platform',
        }),
      );
      return {
        ...outcome(item, 'completed', { error: null, reason: null }),
        score: report.score,
        band: report.band,
        report_id: report.report_id,
      };
    } catch (error) {
      if (!(error instanceof DomainError)) {
        if (isTransientFailure(error)) throw error;
        return outcome(item, 'failed', {
          error: 'evaluation_failed',
          reason: 'the subject could not be evaluated',
        });
      }
      if (error.code === 'no_score') return outcome(item, 'no_score', errorOf(error));
      if (CONSENT_CODES.includes(error.code))
        return outcome(item, 'consent_required', errorOf(error));
      return outcome(item, 'failed', errorOf(error));
    }
  }
}

const errorOf = (error: DomainError) => ({ error: error.code, reason: error.message });

function outcome(
  item: PendingItem,
  status: ItemResult['status'],
  why: { error: string | null; reason: string | null },
): ItemResult {
  return { position: item.position, status, score: null, band: null, report_id: null, ...why };
}
