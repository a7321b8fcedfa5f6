import { dayAfter, filterDay, type CalendarDay } from './filter-dates';

/**
 * The `from`/`to` filters of spec §1 as instants: `YYYY-MM-DD` in the organization's time zone,
 * `from` that day's midnight (inclusive), `to` the next day's midnight (exclusive). Every listing
 * that filters by the organization's days uses it.
 */
export function localDayRange(
  from: string | undefined,
  to: string | undefined,
  timezone: string,
): { from?: Date; to?: Date } {
  return {
    ...(from ? { from: midnightIn(filterDay(from), timezone) } : {}),
    ...(to ? { to: midnightIn(dayAfter(filterDay(to)), timezone) } : {}),
  };
}

/** The instant of midnight of `day` in `timezone`. */
export function midnightIn(day: CalendarDay, timezone: string): Date {
  // setUTCFullYear, unlike Date.UTC, reads years 0 to 99 as they are.
  const wall = new Date(0).setUTCFullYear(day.year, day.month - 1, day.day);
  // Two passes settle the offset across a daylight-saving change near midnight.
  let instant = wall - offsetMs(new Date(wall), timezone);
  instant = wall - offsetMs(new Date(instant), timezone);
  return new Date(instant);
}

/** How far `timezone`'s wall clock is ahead of UTC at `at`. */
function offsetMs(at: Date, timezone: string): number {
  const clock = wallClockOf(at, timezone);
  const wall = new Date(0).setUTCFullYear(clock.year, clock.month - 1, clock.day);
  return wall + clock.seconds_of_day * 1000 - Math.floor(at.getTime() / 1000) * 1000;
}

/** What a wall clock in `timezone` reads at `at`, to the second. */
export interface WallClock {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  seconds_of_day: number;
}

export function wallClockOf(at: Date, timezone: string): WallClock {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: value('year'),
    month: value('month'),
    day: value('day'),
    seconds_of_day: (value('hour') * 60 + value('minute')) * 60 + value('second'),
  };
}
