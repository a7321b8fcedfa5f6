import {
  ACCOUNT_TYPES,
  DomainError,
  PLATFORM_LOCALES,
  type AccountProfile,
  type AccountType,
  type KycStatus,
  type PlatformLocale,
  type ProfileChanges,
  type RegisterAccountCommand,
} from '@platform/contracts';
import { assertPasswordStrength, normalizeEmail } from './org-admin';

export const MAX_DISPLAY_NAME_CHARS = 200;
const COUNTRY = /^[A-Z]{2}$/;
const PHONE = /^\+[1-9]\d{6,14}$/;
const MAX_TAX_ID_CHARS = 64;
/** Far above any real passphrase; keeps one request from buying seconds of hashing. */
export const MAX_PASSWORD_CHARS = 1024;

/** A registration request after every field rule of spec §2 held. */
export interface Registration {
  type: AccountType;
  email: string;
  password: string;
  display_name: string;
  tax_id: string | null;
  phone: string | null;
  country: string | null;
  locale: PlatformLocale;
  profile: Record<string, unknown>;
}

/** Empty stores `en` (spec §2); anything outside the catalog is `invalid_locale`. */
export function parseLocale(value: string | undefined): PlatformLocale {
  if (value === undefined || value === '') return 'en';
  if ((PLATFORM_LOCALES as readonly string[]).includes(value)) return value as PlatformLocale;
  throw new DomainError('invalid_locale', `locale must be one of ${PLATFORM_LOCALES.join(', ')}`);
}

function parseType(value: string | undefined): AccountType {
  if ((ACCOUNT_TYPES as readonly (string | undefined)[]).includes(value))
    return value as AccountType;
  throw new DomainError('invalid_type', 'type must be person or company');
}

function parseDisplayName(value: string | undefined): string {
  const name = value?.trim() ?? '';
  if (name.length === 0 || name.length > MAX_DISPLAY_NAME_CHARS)
    throw new DomainError(
      'invalid_display_name',
      `display_name must have 1 to ${MAX_DISPLAY_NAME_CHARS} characters`,
    );
  return name;
}

function optional(
  value: string | undefined,
  valid: (text: string) => boolean,
  error: DomainError,
): string | null {
  if (value === undefined || value === '') return null;
  if (!valid(value)) throw error;
  return value;
}

function parseTaxId(value: string | undefined): string | null {
  return optional(
    value?.trim(),
    (text) => text.length <= MAX_TAX_ID_CHARS,
    new DomainError('invalid_tax_id', `tax_id must have at most ${MAX_TAX_ID_CHARS} characters`),
  );
}

function parsePhone(value: string | undefined): string | null {
  return optional(
    value,
    (text) => PHONE.test(text),
    new DomainError('invalid_phone', 'phone must be in E.164 format, such as +14155550100'),
  );
}

function parseCountry(value: string | undefined): string | null {
  return optional(
    value,
    (text) => COUNTRY.test(text),
    new DomainError('invalid_country', 'country must be an ISO 3166-1 alpha-2 code such as US'),
  );
}

/** The editable part of a profile. */
export type EditableProfile = Pick<
  AccountProfile,
  'display_name' | 'tax_id' | 'phone' | 'country' | 'locale'
>;

/** Fields fixed by an approved identity verification (spec §2). */
const VERIFIED_FIELDS = ['display_name', 'tax_id', 'country'] as const;

/**
 * The profile after a `PATCH /v1/me`. Once KYC is approved, changing the verified fields is
 * `identity_locked`; sending their current value again is not a change.
 */
export function decideProfileChanges(
  current: AccountProfile,
  changes: ProfileChanges,
): EditableProfile {
  const next: EditableProfile = {
    display_name:
      changes.display_name === undefined
        ? current.display_name
        : parseDisplayName(changes.display_name),
    tax_id: changes.tax_id === undefined ? current.tax_id : parseTaxId(changes.tax_id),
    phone: changes.phone === undefined ? current.phone : parsePhone(changes.phone),
    country: changes.country === undefined ? current.country : parseCountry(changes.country),
    locale: changes.locale === undefined ? current.locale : parseLocale(changes.locale),
  };
  if (current.kyc_status === 'approved') {
    const locked = VERIFIED_FIELDS.find((field) => next[field] !== current[field]);
    if (locked)
      throw new DomainError(
        'identity_locked',
        `${locked} comes from the approved identity verification and cannot be changed`,
      );
  }
  return next;
}

/** Checks a registration request field by field, in the order of the spec's table. */
export function decideRegistration(request: Omit<RegisterAccountCommand, 'org'>): Registration {
  const type = parseType(request.type);
  const email = normalizeEmail(request.email ?? '');
  const password = request.password ?? '';
  assertPasswordStrength(password);
  if (password.length > MAX_PASSWORD_CHARS)
    throw new DomainError(
      'invalid_request',
      `password must have at most ${MAX_PASSWORD_CHARS} characters`,
    );
  return {
    type,
    email,
    password,
    display_name: parseDisplayName(request.display_name),
    tax_id: parseTaxId(request.tax_id),
    phone: parsePhone(request.phone),
    country: parseCountry(request.country),
    locale: parseLocale(request.locale),
    profile: request.profile ?? {},
  };
}

/** D5: a confirmed test account is KYC-approved; a live one starts unverified. */
export function kycStatusOnConfirm(environment: 'test' | 'live'): KycStatus {
  switch (environment) {
    case 'test':
      return 'approved';
    case 'live':
      return 'none';
    default: {
      const unhandled: never = environment;
      throw new Error(`unknown environment ${String(unhandled)}`);
    }
  }
}
