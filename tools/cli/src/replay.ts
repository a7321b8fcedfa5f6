import type { Writable } from 'node:stream';
import { SingleBar } from 'cli-progress';
import type { Pool } from 'pg';
import { PgEventStore, type RecordedEvent } from '@platform/event-store';

export interface ReplayFilter {
  from_position?: string;
  since?: Date;
  types?: string[];
  stream?: string;
  account_id?: string;
}

const BATCH_SIZE = 500;

const ISO_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * An ISO 8601 date (`2026-11-01`, midnight UTC) or date and time (`2026-11-01T12:00:00Z`). A
 * date that does not exist (`2026-02-30`, month 13, year 0) or any other text is refused: it
 * must not pass as no filter at all.
 */
export function parseReplayTime(text: string): Date {
  const match = ISO_TIME.exec(text);
  const time = new Date(text);
  if (!match || Number.isNaN(time.getTime()) || !isCalendarDate(match))
    throw new Error(
      `"${text}" is not an ISO 8601 date or time (e.g. 2026-11-01 or 2026-11-01T12:00:00Z)`,
    );
  return time;
}

function isCalendarDate([, year, month, day]: RegExpExecArray): boolean {
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  const date = new Date(Date.UTC(y, m - 1, d));
  return (
    y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
  );
}

/** The event-store schemas present in a database: every `<service>_events` schema. */
export async function eventStoreSchemas(pool: Pool): Promise<string[]> {
  const { rows } = await pool.query<{ schema_name: string }>(
    `select schema_name from information_schema.schemata where schema_name like '%\\_events' order by schema_name`,
  );
  return rows.map((row) => row.schema_name);
}

function matches(event: RecordedEvent, filter: ReplayFilter): boolean {
  if (filter.since && new Date(event.occurred_at) < filter.since) return false;
  if (filter.account_id && event.account_id !== filter.account_id) return false;
  if (filter.stream && event.stream !== filter.stream) return false;
  return true;
}

/**
 * Writes the events of one store to `out` as NDJSON, oldest first, from a position or a time,
 * filtered by type, stream or account. Progress goes to stderr so stdout stays machine-readable.
 */
export async function replayEvents(options: {
  pool: Pool;
  schema: string;
  filter: ReplayFilter;
  out: Writable;
  progress: boolean;
}): Promise<number> {
  const store = new PgEventStore(options.pool, { schema: options.schema, environment: 'test' });
  const { rows } = await options.pool
    .query<{ total: string }>(`select count(*)::text as total from ${options.schema}.events`)
    .catch(() => ({ rows: [{ total: '0' }] }));
  const bar = options.progress
    ? new SingleBar({ stream: process.stderr, format: `${options.schema} [{bar}] {value}/{total}` })
    : null;
  bar?.start(Number(rows[0]?.total ?? 0), 0);
  let position = options.filter.from_position ?? '0';
  let written = 0;
  for (;;) {
    const batch = await store.readAll({
      from_position: position,
      limit: BATCH_SIZE,
      types: options.filter.types,
      stream_prefix: options.filter.stream,
    });
    if (batch.length === 0) break;
    for (const event of batch) {
      if (!matches(event, options.filter)) continue;
      if (!options.out.write(`${JSON.stringify(event)}\n`))
        await new Promise((resolve) => options.out.once('drain', resolve));
      written += 1;
    }
    position = batch[batch.length - 1]!.position;
    bar?.increment(batch.length);
  }
  bar?.stop();
  return written;
}
