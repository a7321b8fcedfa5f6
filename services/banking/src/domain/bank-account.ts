import type { BankingCurrency } from '@platform/contracts';
import { ibanOf } from './iban';
import { routingNumberOf } from './routing-number';

/** The currencies an approved customer gets one account of each. */
export const OPENED_CURRENCIES: readonly BankingCurrency[] = ['USD', 'EUR'];

/** The partner bank's US routing number (its first 8 digits; the 9th is the ABA check digit). */
const US_ROUTING_PREFIX = '12345678';
/** The partner bank's German bank code (Bankleitzahl) and BIC for the virtual IBANs. */
const DE_BANK_CODE = '10020030';
export const VIRTUAL_IBAN_BIC = 'PLTFDEB1XXX';

export type IssuedCoordinates =
  | { currency: 'USD'; routing_number: string; account_number: string }
  | { currency: 'EUR'; iban: string; bic: string };

/**
 * The coordinates of a new bank account from `digits` (random, drawn by the caller): a USD
 * account number of 12 digits under the routing number, or a German virtual IBAN (22
 * characters: bank code and a 10-digit account number) with its check digits.
 */
export function issueCoordinates(currency: BankingCurrency, digits: string): IssuedCoordinates {
  if (!/^\d{12}$/.test(digits)) throw new Error('an account number is drawn as 12 digits');
  switch (currency) {
    case 'USD':
      return {
        currency,
        routing_number: routingNumberOf(US_ROUTING_PREFIX),
        account_number: digits,
      };
    case 'EUR':
      return {
        currency,
        iban: ibanOf('DE', `${DE_BANK_CODE}${digits.slice(2)}`),
        bic: VIRTUAL_IBAN_BIC,
      };
    default: {
      const unknown: never = currency;
      throw new Error(`no bank account in ${String(unknown)}`);
    }
  }
}
