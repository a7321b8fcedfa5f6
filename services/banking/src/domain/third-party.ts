import { DomainError, type BankingCurrency } from '@platform/contracts';
import { compactIban, isValidBic, requireIban } from './iban';
import { requireUsCoordinates } from './routing-number';

/** A beneficiary's bank coordinates: an IBAN (EUR) or a US routing and account number (USD). */
export type BankCoordinates =
  | { currency: 'EUR'; iban: string; bic: string | null }
  | { currency: 'USD'; routing_number: string; account_number: string };

export interface ThirdPartyInput {
  name?: string;
  iban?: string;
  bic?: string;
  routing_number?: string;
  account_number?: string;
}

const present = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== '';

/** The beneficiary's name and coordinates, or the spec's code for what is wrong. */
export function parseThirdParty(input: ThirdPartyInput): {
  name: string;
  coordinates: BankCoordinates;
} {
  const name = input.name?.trim() ?? '';
  if (!name) throw new DomainError('invalid_name', 'name is required');
  const us = present(input.routing_number) || present(input.account_number);
  if (present(input.iban) && us)
    throw new DomainError(
      'invalid_request',
      'send either iban or routing_number and account_number, not both',
    );
  if (present(input.iban)) {
    const iban = requireIban(input.iban);
    const bic = present(input.bic) ? input.bic.trim().toUpperCase() : null;
    if (bic !== null && !isValidBic(bic))
      throw new DomainError('invalid_request', 'bic is not a valid BIC (ISO 9362)');
    return { name, coordinates: { currency: 'EUR', iban, bic } };
  }
  if (us) {
    const coordinates = requireUsCoordinates(
      (input.routing_number ?? '').trim(),
      (input.account_number ?? '').trim(),
    );
    return { name, coordinates: { currency: 'USD', ...coordinates } };
  }
  throw new DomainError(
    'invalid_request',
    'send iban, or routing_number and account_number, of the beneficiary',
  );
}

/** What identifies a beneficiary's account: two third parties of an account never share it. */
export function bankRefOf(coordinates: BankCoordinates): string {
  return coordinates.currency === 'EUR'
    ? `iban:${compactIban(coordinates.iban)}`
    : `aba:${coordinates.routing_number}:${coordinates.account_number}`;
}

/**
 * EUR payments run between IBANs: from the EUR account's virtual IBAN to a beneficiary with an
 * IBAN. A USD account paying an IBAN, or the EUR account paying a beneficiary without one, is
 * 400 `banking_eur_requires_viban`; USD pays US accounts.
 */
export function assertPayable(account_currency: BankingCurrency, payee: BankingCurrency): void {
  if (account_currency === payee) return;
  throw new DomainError(
    'banking_eur_requires_viban',
    'a EUR payment goes from the virtual IBAN account to a beneficiary with an IBAN',
  );
}
