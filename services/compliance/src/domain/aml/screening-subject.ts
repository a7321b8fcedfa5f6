import { DomainError } from '@platform/contracts';
import { SUBJECT_TYPES, type SubjectType } from './watchlist';
import type { ScreeningSubject } from './screening-decision';

/** A subject as the client sent it (shape checked at the edge, values not yet). */
export interface SubjectInput {
  type: string;
  name: string;
  country: string;
  doc_id?: string;
  birth_date?: string;
}

/** A subject as stored and shown: absent optional fields are null. */
export interface StoredSubject extends ScreeningSubject {
  doc_id: string | null;
  birth_date: string | null;
}

const MAX_NAME = 200;
const MAX_DOC_ID = 64;

/** The subject's values judged with the spec's codes; names and ids trimmed, country upper case. */
export function parseSubject(input: SubjectInput, today: Date): StoredSubject {
  if (!(SUBJECT_TYPES as readonly string[]).includes(input.type))
    throw new DomainError('invalid_subject_type', 'subject.type must be person or company');
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (name.length === 0 || name.length > MAX_NAME)
    throw new DomainError('invalid_name', `subject.name must be 1 to ${MAX_NAME} characters`);
  if (!/^[A-Za-z]{2}$/.test(input.country))
    throw new DomainError('invalid_country', 'subject.country must be an ISO 3166-1 alpha-2 code');
  const doc_id = input.doc_id?.trim() ?? '';
  if (input.doc_id !== undefined && (doc_id.length === 0 || doc_id.length > MAX_DOC_ID))
    throw new DomainError('invalid_doc_id', `subject.doc_id must be 1 to ${MAX_DOC_ID} characters`);
  const type = input.type as SubjectType;
  const birth_date = input.birth_date ?? null;
  if (birth_date !== null && !isPastDate(birth_date, today))
    throw new DomainError('invalid_request', 'subject.birth_date must be a past date YYYY-MM-DD');
  if (birth_date !== null && type === 'company')
    throw new DomainError('invalid_request', 'subject.birth_date applies to persons only');
  return {
    type,
    name,
    country: input.country.toUpperCase(),
    doc_id: doc_id === '' ? null : doc_id,
    birth_date,
  };
}

function isPastDate(text: string, today: Date): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === text &&
    date.getUTCFullYear() >= 1900 &&
    date <= today
  );
}

/** Same subject, same request: what a repeated idempotency key is compared on. */
export function sameSubject(a: StoredSubject, b: StoredSubject): boolean {
  return (
    a.type === b.type &&
    a.name === b.name &&
    a.country === b.country &&
    a.doc_id === b.doc_id &&
    a.birth_date === b.birth_date
  );
}
