import { DomainError } from '@platform/contracts';

/**
 * Date filters of spec §1: `YYYY-MM-DD` in the organization's time zone; `from` is that day's
 * midnight (inclusive), `to` the next day's midnight (exclusive).
 */
export function localDateRange(
  from: string | undefined,
  to: string | undefined,
  timezone: string,
): { from?: Date; to?: Date } {
  return {
    ...(from ? { from: midnightIn(parseDay(from, 'from'), timezone) } : {}),
    ...(to ? { to: midnightIn(nextDay(parseDay(to, 'to')), timezone) } : {}),
  };
}

interface Day {
  year: number;
  month: number;
  day: number;
}

function parseDay(text: string, field: string): Day {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const day = match ? { year: +match[1]!, month: +match[2]!, day: +match[3]! } : null;
  const valid =
    day !== null &&
    new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDate() === day.day &&
    day.month >= 1 &&
    day.month <= 12;
  if (!valid) throw new DomainError('invalid_request', `${field} must be a date as YYYY-MM-DD`);
  return day;
}

function nextDay(day: Day): Day {
  const next = new Date(Date.UTC(day.year, day.month - 1, day.day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/** The instant of midnight of `day` in `timezone`. */
export function midnightIn(day: Day, timezone: string): Date {
  const wall = Date.UTC(day.year, day.month - 1, day.day);
  // Two passes settle the offset across a DST change near midnight.
  let instant = wall - offsetMs(new Date(wall), timezone);
  instant = wall - offsetMs(new Date(instant), timezone);
  return new Date(instant);
}

/** How far `timezone`'s wall clock is ahead of UTC at `at`. */
function offsetMs(at: Date, timezone: string): number {
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
  const wall = Date.UTC(
    value('year'),
    value('month') - 1,
    value('day'),
    value('hour'),
    value('minute'),
    value('second'),
  );
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}
