import { DomainError } from '@platform/contracts';

/** ABA checksum weights: 3, 7, 1 repeated over the 9 digits; the weighted sum is 0 mod 10. */
const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

function weightedSum(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1)
    sum += Number(digits[index]) * WEIGHTS[index]!;
  return sum;
}

/** True for a 9-digit ABA routing transit number whose checksum holds. */
export function isValidRoutingNumber(text: string): boolean {
  return /^\d{9}$/.test(text) && weightedSum(text) % 10 === 0;
}

/** The routing number of 8 leading digits, with the check digit that makes it valid. */
export function routingNumberOf(first_eight: string): string {
  if (!/^\d{8}$/.test(first_eight)) throw new Error('a routing number starts with 8 digits');
  return `${first_eight}${(10 - (weightedSum(first_eight) % 10)) % 10}`;
}

/** A US account number: 4 to 17 digits. */
export function isValidUsAccountNumber(text: string): boolean {
  return /^\d{4,17}$/.test(text);
}

/** The US coordinates, or 400 `invalid_request` naming the field at fault. */
export function requireUsCoordinates(routing_number: string, account_number: string) {
  if (!isValidRoutingNumber(routing_number))
    throw new DomainError(
      'invalid_request',
      'routing_number must be a 9-digit ABA routing number with a valid checksum',
    );
  if (!isValidUsAccountNumber(account_number))
    throw new DomainError('invalid_request', 'account_number must be 4 to 17 digits');
  return { routing_number, account_number };
}
