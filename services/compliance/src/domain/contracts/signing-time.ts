/**
 * A signing instant as the organization reads it: its local date and time, to the second, and
 * the zone with its offset (`2026-11-25 10:04:05 America/Sao_Paulo (UTC-03:00)`). An unknown
 * zone falls back to UTC.
 */
export function localSigningTime(instant: string, timezone: string): string {
  const at = new Date(instant);
  const zone = isTimeZone(timezone) ? timezone : 'UTC';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const offset =
    parts.timeZoneName === 'GMT' ? 'UTC+00:00' : String(parts.timeZoneName).replace('GMT', 'UTC');
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${zone} (${offset})`;
}

function isTimeZone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}
