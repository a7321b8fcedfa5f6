import {
  DomainError,
  type OnboardingIdentityBody,
  type VerificationKind,
  type VerifiedIdentity,
} from '@platform/contracts';

const COUNTRY = /^[A-Z]{2}$/;
const DOC_ID = /^[A-Za-z0-9][A-Za-z0-9.\-/ ]{2,63}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function name(value: string | undefined, field: string): string {
  const trimmed = (value ?? '').trim();
  // Letters of any script, spaces, apostrophes, dots and hyphens.
  if (trimmed.length === 0 || trimmed.length > 100 || !/^[\p{L}][\p{L}\p{M} .'-]*$/u.test(trimmed))
    throw new DomainError('invalid_name', `${field} must be a name of 1 to 100 letters`);
  return trimmed;
}

/** A real calendar date in the past, of someone at least 18 and at most 120 years old. */
function birthDate(value: string | undefined, today: Date): string {
  const match = DATE.exec(value ?? '');
  const date = match ? new Date(`${value}T00:00:00Z`) : null;
  if (!match || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value)
    throw new DomainError('invalid_request', 'birth_date must be a date YYYY-MM-DD');
  const age_years = (today.getTime() - date.getTime()) / (365.25 * 24 * 3600 * 1000);
  if (age_years < 18 || age_years > 120)
    throw new DomainError('invalid_request', 'the person must be an adult');
  return value!;
}

/** Checks the identity entered on the hosted page, field by field. */
export function parseOnboardingIdentity(
  kind: VerificationKind,
  body: OnboardingIdentityBody,
  today: Date,
): { identity: VerifiedIdentity; birth_date: string | null } {
  const country = body.country.trim().toUpperCase();
  const doc_id = body.doc_id.trim();
  const checkCommon = () => {
    if (!DOC_ID.test(doc_id))
      throw new DomainError('invalid_doc_id', 'doc_id must have 3 to 64 letters or digits');
    if (!COUNTRY.test(country))
      throw new DomainError('invalid_country', 'country must be an ISO 3166-1 alpha-2 code');
  };
  switch (kind) {
    case 'kyc': {
      const first_name = name(body.first_name, 'first_name');
      const last_name = name(body.last_name, 'last_name');
      checkCommon();
      return {
        identity: { first_name, last_name, legal_name: null, doc_id, country },
        birth_date: birthDate(body.birth_date, today),
      };
    }
    case 'kyb': {
      const legal_name = (body.legal_name ?? '').trim();
      if (legal_name.length === 0 || legal_name.length > 200)
        throw new DomainError('invalid_name', 'legal_name must have 1 to 200 characters');
      checkCommon();
      return {
        identity: { first_name: null, last_name: null, legal_name, doc_id, country },
        birth_date: null,
      };
    }
    default: {
      const unhandled: never = kind;
      throw new Error(`unknown verification kind ${String(unhandled)}`);
    }
  }
}
