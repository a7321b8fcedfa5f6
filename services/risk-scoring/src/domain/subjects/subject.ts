import { DomainError, RISK_SUBJECT_TYPES, type RiskSubject } from '@platform/contracts';
import { checkDocId, SUBJECT_COUNTRIES } from './doc-ids';

export type Subject = RiskSubject;

export interface SubjectInput {
  country?: string | null;
  doc_id?: string | null;
  subject_type?: string | null;
}

/**
 * A subject of a report or consent (decisions D10): a supported country, a document id valid
 * for it (normalized: digits and check character, no separators), and a subject type the
 * document allows (a CNPJ is a company's, a CPF a person's).
 */
export function parseSubject(input: SubjectInput): Subject | DomainError {
  const country = (input.country ?? '').trim().toUpperCase();
  if (!SUBJECT_COUNTRIES.includes(country))
    return new DomainError(
      'invalid_country',
      `country must be one of ${SUBJECT_COUNTRIES.join(', ')} (ISO 3166-1 alpha-2)`,
    );
  const subject_type = input.subject_type ?? '';
  if (!(RISK_SUBJECT_TYPES as readonly string[]).includes(subject_type))
    return new DomainError('invalid_subject_type', 'subject_type must be person or company');
  const checked = checkDocId(country, input.doc_id ?? '');
  if (!checked.ok)
    return new DomainError(
      'invalid_doc_id',
      `doc_id is not a valid document number of ${country} (length, format or check digit)`,
    );
  if (checked.holder !== 'either' && checked.holder !== subject_type)
    return new DomainError(
      'invalid_subject_type',
      `this document number identifies a ${checked.holder}, not a ${subject_type}`,
    );
  return { country, doc_id: checked.doc_id, subject_type: subject_type as Subject['subject_type'] };
}

/** `parseSubject`, throwing its error. */
export function requireSubject(input: SubjectInput): Subject {
  const parsed = parseSubject(input);
  if (parsed instanceof DomainError) throw parsed;
  return parsed;
}

/** The stable public id of a subject: its country and normalized document id. */
export function subjectIdOf(subject: Pick<Subject, 'country' | 'doc_id'>): string {
  return `${subject.country}-${subject.doc_id}`;
}
