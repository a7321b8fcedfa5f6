import { DomainError } from '@platform/contracts';
import { checkDocId, SUBJECT_COUNTRIES } from '../../domain/subjects/doc-ids';
import { subjectIdOf, type Subject } from '../../domain/subjects/subject';
import type { StoredReport } from '../../infrastructure/reports.repository';
import type { ReportsService } from '../reports.service';

/** A subject named by a route: its country and its document id, both checked and normalized. */
export interface SubjectKey {
  country: string;
  doc_id: string;
}

/**
 * The `?country=` and path `docID` of a subject route: 400 `country_required`,
 * `invalid_country` or `invalid_doc_id` before anything is looked up.
 */
export function subjectKeyOf(country: string | undefined, doc_id: string): SubjectKey {
  const wanted = (country ?? '').trim().toUpperCase();
  if (wanted === '') throw new DomainError('country_required', 'country is required (?country=)');
  if (!SUBJECT_COUNTRIES.includes(wanted))
    throw new DomainError(
      'invalid_country',
      `country must be one of ${SUBJECT_COUNTRIES.join(', ')} (ISO 3166-1 alpha-2)`,
    );
  const checked = checkDocId(wanted, doc_id);
  if (!checked.ok)
    throw new DomainError('invalid_doc_id', `doc_id is not a valid document number of ${wanted}`);
  return { country: wanted, doc_id: checked.doc_id };
}

/** The account's latest report of the subject: 403 `report_required` when it has none. */
export function latestReportOf(
  reports: ReportsService,
  account_id: string,
  key: SubjectKey,
): Promise<StoredReport> {
  return reports.subjectScore(account_id, key.doc_id, key.country);
}

/** A subject's fields as the credit-scoring events carry them: flat, with its `subject_id`. */
export function subjectFieldsOf(subject: Subject) {
  return {
    subject_id: subjectIdOf(subject),
    country: subject.country,
    doc_id: subject.doc_id,
    subject_type: subject.subject_type,
  };
}
