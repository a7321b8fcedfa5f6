import { wallClockOf } from '@platform/contracts';

/** How often a subscription charges its card. */
export const SUBSCRIPTION_INTERVALS = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type SubscriptionInterval = (typeof SUBSCRIPTION_INTERVALS)[number];

export function isSubscriptionInterval(value: unknown): value is SubscriptionInterval {
  return SUBSCRIPTION_INTERVALS.some((interval) => interval === value);
}

/** A wall-clock reading in a time zone: calendar date and time of day. */
interface WallClock {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  time_of_day_ms: number;
}

const DAY_MS = 86_400_000;

/**
 * The instant of the `period_index`-th charge (0 is the anchor itself). The anchor's wall-clock
 * date and time in `timezone` repeat: days and weeks add calendar days, months and years keep the
 * anchor's day of the month, clamped to the month's last day (an anchor on Jan 31 charges on
 * Feb 28 or 29, then on Mar 31 again): the anchor, never the previous charge, is the reference.
 */
export function nextChargeAt(
  interval: SubscriptionInterval,
  anchor: Date,
  period_index: number,
  timezone: string,
): Date {
  const start = wallClockAt(anchor, timezone);
  const date = periodDate(interval, start, period_index);
  return instantOf({ ...date, time_of_day_ms: start.time_of_day_ms }, timezone);
}

/** The first period index whose charge falls at or after `at` (never below `from_index`). */
export function firstPeriodAtOrAfter(
  interval: SubscriptionInterval,
  anchor: Date,
  timezone: string,
  at: Date,
  from_index: number,
): number {
  let index = from_index;
  // Periods are at least a day long: jump close first, then walk (a long pause stays cheap).
  const skipped_days = Math.floor((at.getTime() - anchor.getTime()) / DAY_MS);
  const estimate = Math.floor(skipped_days / APPROX_DAYS[interval]) - 1;
  if (estimate > index) index = estimate;
  while (nextChargeAt(interval, anchor, index, timezone).getTime() < at.getTime()) index += 1;
  return index;
}

/** A lower bound of each interval's length in days, for the estimate above. */
const APPROX_DAYS: Record<SubscriptionInterval, number> = {
  daily: 1,
  weekly: 7,
  monthly: 31,
  yearly: 366,
};

function periodDate(
  interval: SubscriptionInterval,
  start: WallClock,
  n: number,
): Pick<WallClock, 'year' | 'month' | 'day'> {
  switch (interval) {
    case 'daily':
      return addDays(start, n);
    case 'weekly':
      return addDays(start, 7 * n);
    case 'monthly':
      return addMonths(start, n);
    case 'yearly':
      return addMonths(start, 12 * n);
    default: {
      const unknown: never = interval;
      throw new Error(`unknown interval ${String(unknown)}`);
    }
  }
}

function addDays(start: WallClock, days: number): Pick<WallClock, 'year' | 'month' | 'day'> {
  const date = new Date(utcDateMs(start.year, start.month, start.day) + days * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function addMonths(start: WallClock, months: number): Pick<WallClock, 'year' | 'month' | 'day'> {
  const month_count = start.year * 12 + (start.month - 1) + months;
  const year = Math.floor(month_count / 12);
  const month = (month_count % 12) + 1;
  return { year, month, day: Math.min(start.day, daysInMonth(year, month)) };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(utcDateMs(year, month + 1, 1) - DAY_MS).getUTCDate();
}

function utcDateMs(year: number, month: number, day: number): number {
  // setUTCFullYear, unlike Date.UTC, reads years 0 to 99 as they are.
  return new Date(0).setUTCFullYear(year, month - 1, day);
}

function wallClockAt(at: Date, timezone: string): WallClock {
  const clock = wallClockOf(at, timezone);
  return {
    year: clock.year,
    month: clock.month,
    day: clock.day,
    time_of_day_ms: clock.seconds_of_day * 1000 + at.getUTCMilliseconds(),
  };
}

/** The instant a wall clock in `timezone` reads `wall` (two passes settle a DST change). */
function instantOf(wall: WallClock, timezone: string): Date {
  const wall_ms = utcDateMs(wall.year, wall.month, wall.day) + wall.time_of_day_ms;
  const offsetAt = (instant_ms: number) => {
    const seen = wallClockAt(new Date(instant_ms), timezone);
    return utcDateMs(seen.year, seen.month, seen.day) + seen.time_of_day_ms - instant_ms;
  };
  let instant_ms = wall_ms - offsetAt(wall_ms);
  instant_ms = wall_ms - offsetAt(instant_ms);
  return new Date(instant_ms);
}
