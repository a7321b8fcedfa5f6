import { z } from 'zod';
import { DomainError } from './errors';

/**
 * The date filters of every listing (spec §1, D12): `YYYY-MM-DD` in the organization's time
 * zone, `from` its midnight (inclusive) and `to` the next day's midnight (exclusive). The dates
 * run from 0001-01-01 to 9999-12-30, so that the midnight after `to` is still a date with a
 * four-digit year. Text not shaped `YYYY-MM-DD` is `invalid_request`; a shaped but impossible
 * date (`2026-02-30`, month 13, year 0) or one outside those bounds is `invalid_range`.
 */
export const FILTER_DATE_MIN = '0001-01-01';
export const FILTER_DATE_MAX = '9999-12-30';

/** For the OpenAPI text of every `from`/`to` parameter. */
export const FILTER_DATE_DESCRIPTION =
  `YYYY-MM-DD in the organization time zone, a real date from ${FILTER_DATE_MIN} to ` +
  `${FILTER_DATE_MAX}; \`from\` is inclusive, \`to\` includes its whole day. Another shape ` +
  'answers 400 `invalid_request`, an impossible or out-of-bounds date 400 `invalid_range`.';

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The proleptic Gregorian day of a shaped text, or null when that day does not exist. */
function calendarDayOf(text: string): CalendarDay | null {
  const match = SHAPE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const exists = month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
  return exists ? { year, month, day } : null;
}

/** True for a date text that a filter accepts. */
export function isFilterDate(text: string): boolean {
  return calendarDayOf(text) !== null && text >= FILTER_DATE_MIN && text <= FILTER_DATE_MAX;
}

/** A `from`/`to` query value: undefined when absent or empty, else a valid date text. */
export function parseFilterDate(name: string, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !SHAPE.test(value)) {
    throw new DomainError('invalid_request', `${name} must be a date YYYY-MM-DD`);
  }
  if (!isFilterDate(value)) {
    throw new DomainError(
      'invalid_range',
      `${name} must be a real date from ${FILTER_DATE_MIN} to ${FILTER_DATE_MAX}`,
    );
  }
  return value;
}

/** The `from` and `to` filters of a listing's query, each checked. */
export function parseFilterDates(query: { from?: unknown; to?: unknown }): {
  from?: string;
  to?: string;
} {
  const from = parseFilterDate('from', query.from);
  const to = parseFilterDate('to', query.to);
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

/** The parts of a date text that `parseFilterDate` accepted. */
export function filterDay(text: string): CalendarDay {
  const day = isFilterDate(text) ? calendarDayOf(text) : null;
  if (!day) throw new DomainError('invalid_range', `${text} is not a date from the filter range`);
  return day;
}

/** The day after an accepted date: where `to`'s exclusive midnight falls. */
export function dayAfter(day: CalendarDay): CalendarDay {
  if (day.day < daysInMonth(day.year, day.month)) return { ...day, day: day.day + 1 };
  if (day.month < 12) return { year: day.year, month: day.month + 1, day: 1 };
  return { year: day.year + 1, month: 1, day: 1 };
}

/** A filter date in a command: the gateway already answered `invalid_range` for a bad one. */
export const filterDateSchema = z.string().refine(isFilterDate, 'a date YYYY-MM-DD');
