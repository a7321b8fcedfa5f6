import type { AccountType } from '@platform/contracts';
import { MAX_DISPLAY_NAME_CHARS } from './account';

/** What an account declared at registration, which identity verification checks. */
export interface DeclaredIdentity {
  type: AccountType;
  display_name: string;
  tax_id: string | null;
  country: string | null;
  profile: Record<string, unknown>;
}

/** The profile fields an approved verification fixes (spec §2). */
export interface VerifiedIdentityFields {
  display_name: string;
  tax_id: string | null;
  country: string | null;
}

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed.length > 0 ? trimmed : null;
}

/** Person: first and last name; company: legal name (spec §2). Null when not declared. */
function verifiedName(identity: DeclaredIdentity): string | null {
  switch (identity.type) {
    case 'person': {
      const first = text(identity.profile.first_name);
      const last = text(identity.profile.last_name);
      return first && last ? `${first} ${last}` : null;
    }
    case 'company':
      return text(identity.profile.legal_name);
    default: {
      const unhandled: never = identity.type;
      throw new Error(`unknown account type ${String(unhandled)}`);
    }
  }
}

const COUNTRY = /^[A-Z]{2}$/;

/**
 * The fields back-filled on approval. The sandbox's simulated verification approves the identity
 * the account declared: names from `profile` (`first_name` + `last_name`, or `legal_name`),
 * tax id and country from the account or its profile. A field the identity does not hold keeps
 * the account's current value.
 */
export function backfilledIdentity(identity: DeclaredIdentity): VerifiedIdentityFields {
  const name = verifiedName(identity);
  const profile_country = text(identity.profile.country);
  return {
    display_name: name && name.length <= MAX_DISPLAY_NAME_CHARS ? name : identity.display_name,
    tax_id: identity.tax_id ?? text(identity.profile.tax_id),
    country:
      identity.country ??
      (profile_country && COUNTRY.test(profile_country) ? profile_country : null),
  };
}
