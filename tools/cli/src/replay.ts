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
