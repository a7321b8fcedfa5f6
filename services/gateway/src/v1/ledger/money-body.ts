import { DomainError } from '@platform/contracts';

/** D7: amounts are decimal strings; a JSON number (or anything else) is `invalid_amount`. */
export function amountText(value: unknown): string {
  if (typeof value !== 'string') {
    throw new DomainError('invalid_amount', 'amount must be a decimal string such as "10.50"');
  }
  return value;
}
