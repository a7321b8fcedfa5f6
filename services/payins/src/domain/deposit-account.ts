import { DomainError } from '@platform/contracts';
import { DEPOSIT_CORRIDORS } from './corridors';
import { readCode } from './create-request';

export const DEPOSIT_PURPOSES = ['fondeo', 'banking'] as const;
export type DepositPurpose = (typeof DEPOSIT_PURPOSES)[number];

/** Spec §8: deposit-account labels up to 60 characters. */
export const MAX_LABEL_LENGTH = 60;
/** Spec §8: companies up to 50 per enabled corridor, persons one. */
export const COMPANY_DEPOSIT_ACCOUNT_LIMIT = 50;
export const PERSON_DEPOSIT_ACCOUNT_LIMIT = 1;

export interface DepositAccountRequest {
  country: string;
  currency: string;
  purpose: DepositPurpose;
  label: string | null;
}

export function readDepositAccountRequest(body: {
  country?: unknown;
  currency?: unknown;
  purpose?: unknown;
  label?: unknown;
}): DepositAccountRequest {
  const country = readCode(body.country, 'country', 'country_required', /^[A-Z]{2}$/);
  const currency = readCode(body.currency, 'currency', 'currency_required', /^[A-Z]{3}$/);
  const purpose = DEPOSIT_PURPOSES.find((candidate) => candidate === body.purpose);
  if (!purpose)
    throw new DomainError('invalid_purpose', `purpose must be ${DEPOSIT_PURPOSES.join(' or ')}`);
  if (
    body.label !== undefined &&
    body.label !== null &&
    (typeof body.label !== 'string' || body.label.length > MAX_LABEL_LENGTH)
  )
    throw new DomainError(
      'invalid_label',
      `label must be a string of at most ${MAX_LABEL_LENGTH} characters`,
    );
  if (!DEPOSIT_CORRIDORS.some((entry) => entry.country === country && entry.currency === currency))
    throw new DomainError(
      'payin_corridor_unsupported',
      `no dedicated deposit accounts for ${currency} in ${country}`,
    );
  return { country, currency, purpose, label: (body.label as string | undefined) ?? null };
}

export function depositAccountLimit(account_type: string): number {
  return account_type === 'company' ? COMPANY_DEPOSIT_ACCOUNT_LIMIT : PERSON_DEPOSIT_ACCOUNT_LIMIT;
}

/** An AR bank alias: 6 to 20 letters, digits, dots or dashes (the banks' own rule). */
export function readBankAlias(value: unknown): string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9.-]{6,20}$/.test(value))
    throw new DomainError(
      'invalid_request',
      'alias must be 6 to 20 letters, digits, dots or dashes',
    );
  return value;
}
