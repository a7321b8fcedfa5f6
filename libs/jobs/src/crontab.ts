import { type CronItem, type ParsedCronItem, parseCronItems } from 'graphile-worker';

/** Standard 5-field cron patterns, evaluated in UTC. */
export const EVERY_MINUTE = '* * * * *';
export const EVERY_HOUR = '0 * * * *';
export const EVERY_DAY_AT_MIDNIGHT_UTC = '0 0 * * *';

export interface RecurringJob {
  task: string;
  /** Cron pattern, e.g. EVERY_MINUTE or `*\/15 * * * *`. */
  schedule: string;
  /** Names this entry across restarts; default the task name. Two entries for one task need distinct ones. */
  identifier?: string;
  /** Merged with `{_cron: {ts, backfilled?}}` into the job's payload. */
  payload?: Record<string, unknown>;
  /** After downtime, also run the ticks missed within this window (default 0: skip them). */
  backfill_period_ms?: number;
  max_attempts?: number;
}

/** Validates the patterns up front, so a typo fails at boot rather than never firing. */
export function toParsedCronItems(entries: readonly RecurringJob[]): ParsedCronItem[] {
  const items = entries.map(toCronItem);
  // graphile-worker assumes unique identifiers (one last-run record each) but does not check.
  const seen = new Set<string>();
  for (const { identifier } of items) {
    if (identifier && seen.has(identifier)) {
      throw new Error(
        `two crontab entries share the identifier "${identifier}"; give each its own`,
      );
    }
    if (identifier) seen.add(identifier);
  }
  return parseCronItems(items);
}

function toCronItem(entry: RecurringJob): CronItem {
  const item: CronItem = {
    task: entry.task,
    match: entry.schedule,
    identifier: entry.identifier ?? entry.task,
    options: { backfillPeriod: entry.backfill_period_ms ?? 0 },
  };
  if (entry.payload) item.payload = entry.payload;
  if (entry.max_attempts !== undefined)
    item.options = { ...item.options, maxAttempts: entry.max_attempts };
  return item;
}
