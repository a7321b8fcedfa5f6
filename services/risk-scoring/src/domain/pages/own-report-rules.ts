import { DomainError } from '@platform/contracts';
import { checkDocId, compactDocId } from '../subjects/doc-ids';

/**
 * The account's own report (decisions D10): free, about the account's own verified identity, and
 * new at most once every 30 days; in between, asking again answers the last one.
 */
export const OWN_REPORT_INTERVAL_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What identity knows of the account: its type, verification and the tax id it verified. */
export interface OwnIdentity {
  type: string;
  kyc_status: string;
  country: string | null;
  tax_id: string | null;
}

/** The subject of an own report: the account itself (`kyc_required`, `no_tax_id`). */
export function ownSubjectOf(identity: OwnIdentity): {
  country: string;
  doc_id: string;
  subject_type: string;
} {
  if (identity.kyc_status !== 'approved')
    throw new DomainError('kyc_required', 'verify the account before asking for its own report');
  const tax_id = identity.tax_id?.trim() ?? '';
  const country = identity.country?.trim() ?? '';
  if (tax_id === '' || country === '')
    throw new DomainError(
      'no_tax_id',
      'the account has no tax id and country on its verified profile to report on',
    );
  return { country: country.toUpperCase(), doc_id: tax_id, subject_type: identity.type };
}

/** The document a client says its own report is about (both optional in the request). */
export interface ClaimedIdentity {
  country?: string;
  doc_id?: string;
}

/**
 * A client that names the document it expects is told when the verified identity is another
 * (`identity_mismatch`), so it never reads a report about a subject it did not mean. A number
 * that is not a valid tax id of its country is `invalid_tax_id`.
 */
export function confirmClaimedIdentity(
  subject: { country: string; doc_id: string },
  claimed: ClaimedIdentity,
): void {
  const country = claimed.country?.trim().toUpperCase() || subject.country;
  if (claimed.doc_id !== undefined) {
    const check = checkDocId(country, claimed.doc_id);
    if (!check.ok)
      throw new DomainError('invalid_tax_id', `doc_id is not a valid tax id of ${country}`);
    if (check.doc_id !== compactDocId(subject.doc_id))
      throw new DomainError(
        'identity_mismatch',
        "doc_id is not the tax id of the account's verified identity",
      );
  }
  if (country !== subject.country)
    throw new DomainError(
      'identity_mismatch',
      "country is not the country of the account's verified identity",
    );
}

/** Whether a new own report is made now, given when the last one was (null: never). */
export function ownReportDue(last_created_at: Date | null, now: Date): boolean {
  if (!last_created_at) return true;
  return now.getTime() - last_created_at.getTime() >= OWN_REPORT_INTERVAL_DAYS * DAY_MS;
}
