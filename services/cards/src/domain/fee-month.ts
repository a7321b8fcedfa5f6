import { DomainError } from '@platform/contracts';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A calendar month `YYYY-MM` a client named; anything else (month 13, year 0) is `invalid_range`. */
export function parseFeeMonth(text: string): string {
  const match = MONTH.exec(text);
  if (!match || Number(match[1]) === 0)
    throw new DomainError('invalid_range', 'month is a calendar month written YYYY-MM');
  return text;
}

/** The UTC month of an instant, `YYYY-MM`. */
export function feeMonthOf(instant: Date): string {
  return `${instant.getUTCFullYear()}-${String(instant.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The ledger operation of a card's fee for a month: the same for every attempt and worker. */
export function feeOperationId(card_id: string, month: string): string {
  return `card-fee:${card_id}:${month}`;
}
