/**
 * Card settlement delays (spec §8): `settlement_hours` is 0 or a multiple of 24, each 24 hours
 * one business day, skipping weekends and US federal holidays (observed dates: a holiday on a
 * Saturday is observed the Friday before, on a Sunday the Monday after). Computed in UTC.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment a card payin confirmed at `confirmed_at` settles. */
export function settleAt(confirmed_at: Date, settlement_hours: number): Date {
  let remaining = settlement_hours / 24;
  let at = new Date(confirmed_at.getTime());
  while (remaining > 0) {
    at = new Date(at.getTime() + DAY_MS);
    if (isBusinessDay(at)) remaining -= 1;
  }
  return at;
}

export function isBusinessDay(day: Date): boolean {
  const weekday = day.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !usFederalHolidays(day.getUTCFullYear()).has(isoDate(day));
}

function isoDate(day: Date): string {
  return day.toISOString().slice(0, 10);
}

/** Observed US federal holidays of a year, as YYYY-MM-DD. */
export function usFederalHolidays(year: number): Set<string> {
  const fixed = [
    utc(year, 0, 1), // New Year's Day
    utc(year, 5, 19), // Juneteenth
    utc(year, 6, 4), // Independence Day
    utc(year, 10, 11), // Veterans Day
    utc(year, 11, 25), // Christmas Day
  ].map(observed);
  const floating = [
    nthWeekday(year, 0, 1, 3), // Martin Luther King Jr. Day: third Monday of January
    nthWeekday(year, 1, 1, 3), // Washington's Birthday: third Monday of February
    lastWeekday(year, 4, 1), // Memorial Day: last Monday of May
    nthWeekday(year, 8, 1, 1), // Labor Day: first Monday of September
    nthWeekday(year, 9, 1, 2), // Columbus Day: second Monday of October
    nthWeekday(year, 10, 4, 4), // Thanksgiving: fourth Thursday of November
  ];
  // New Year's Day of next year may be observed on Dec 31 of this one.
  const next_new_year = observed(utc(year + 1, 0, 1));
  return new Set([...fixed, ...floating, next_new_year].map(isoDate));
}

function utc(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month, day));
}

function observed(day: Date): Date {
  const weekday = day.getUTCDay();
  if (weekday === 6) return new Date(day.getTime() - DAY_MS);
  if (weekday === 0) return new Date(day.getTime() + DAY_MS);
  return day;
}

function nthWeekday(year: number, month: number, weekday: number, nth: number): Date {
  const first = utc(year, month, 1);
  const offset = (weekday - first.getUTCDay() + 7) % 7;
  return utc(year, month, 1 + offset + (nth - 1) * 7);
}

function lastWeekday(year: number, month: number, weekday: number): Date {
  const last = utc(year, month + 1, 0);
  const offset = (last.getUTCDay() - weekday + 7) % 7;
  return utc(year, month, last.getUTCDate() - offset);
}
