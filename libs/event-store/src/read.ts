import type { Pool, PoolClient, QueryConfig } from 'pg';
import { preparedQuery } from '@platform/persistence';
import { EVENT_COLUMNS, positionText, toRecordedEvent, type EventRow } from './rows';
import type { ReadAllOptions, RecordedEvent } from './types';

type Queryable = Pool | PoolClient;

/**
 * Every transaction id below this bound has finished, as seen by the statement's snapshot; an
 * event whose xid_horizon is at most this bound can no longer be overtaken by a lower position.
 */
const FINISHED_XID_BOUND = '(select pg_snapshot_xmin(pg_current_snapshot())::text::bigint)';

/** Events after a global position, in position order, never past one that may still commit. */
export async function readSafeEvents(
  db: Queryable,
  schema: string,
  options: ReadAllOptions,
): Promise<RecordedEvent[]> {
  if (!Number.isInteger(options.limit) || options.limit < 1) {
    throw new Error(`readAll limit must be a positive integer, got ${options.limit}`);
  }
  const { rows } = await db.query<EventRow>(readStatement(schema, options));
  return rows.map(toRecordedEvent);
}

/**
 * Whether an event after `from_position` is written but held back: a transaction that started
 * before it, anywhere on the server (transaction ids are the cluster's), is still open. Its
 * notification has come and gone, so a reader must look again soon rather than wait for the next.
 */
export async function hasHeldBackEvents(
  db: Queryable,
  schema: string,
  options: Omit<ReadAllOptions, 'limit'>,
): Promise<boolean> {
  const from_position = positionText(options.from_position);
  const { rows } = await db.query(
    isUnfiltered(options)
      ? preparedQuery(heldBackUnfilteredStatement(schema), [from_position])
      : {
          text: heldBackStatement(schema),
          values: [from_position, options.types ?? null, options.stream_prefix ?? null],
        },
  );
  return rows.length > 0;
}

/**
 * The read of readSafeEvents. Without filters (the relays read so, a batch or more per request)
 * it is a named statement, planned once per connection: it has one plan, the key's index in
 * position order from $1, and planning it on every read cost PostgreSQL more than running it.
 * With filters it stays unnamed, planned for the values it is sent with: a plan made once for
 * any types may take the type's index and sort (see preparedQuery).
 */
export function readStatement(schema: string, options: ReadAllOptions): QueryConfig {
  const from_position = positionText(options.from_position);
  if (isUnfiltered(options)) {
    return preparedQuery(
      `select ${EVENT_COLUMNS} from ${schema}.events
        where position > $1::bigint
          and xid_horizon <= ${FINISHED_XID_BOUND}
        order by events.position
        limit $2`,
      [from_position, options.limit],
    );
  }
  return {
    text: `select ${EVENT_COLUMNS} from ${schema}.events
      where position > $1::bigint
        and xid_horizon <= ${FINISHED_XID_BOUND}
        and ($2::text[] is null or type = any($2::text[]))
        and ($3::text is null or starts_with(stream, $3::text))
      order by events.position
      limit $4`,
    values: [from_position, options.types ?? null, options.stream_prefix ?? null, options.limit],
  };
}

function isUnfiltered(options: Pick<ReadAllOptions, 'types' | 'stream_prefix'>): boolean {
  return (options.types ?? null) === null && (options.stream_prefix ?? null) === null;
}

/** heldBackStatement without filters, prepared as readStatement is; $1 the position. */
export function heldBackUnfilteredStatement(schema: string): string {
  return `select position from ${schema}.events
    where position > $1::bigint
    order by position
    limit 1`;
}

/**
 * The first event after $1 (of types $2, in streams starting with $3), in position order. As a
 * bare `exists`, the planner read the table from its start to find one: it guesses that some of
 * the rows match and stops early, but the matching rows are the newest, at the table's end, so
 * every idle look read the whole store (300 blocks a call at some thousands of payouts, growing).
 * In position order the key's index reaches them at once.
 */
export function heldBackStatement(schema: string): string {
  return `select position from ${schema}.events
    where position > $1::bigint
      and ($2::text[] is null or type = any($2::text[]))
      and ($3::text is null or starts_with(stream, $3::text))
    order by position
    limit 1`;
}

/** The highest position readers may already have been given; 0 for an empty store. */
export async function safeHeadPosition(db: Queryable, schema: string): Promise<string> {
  const { rows } = await db.query<{ position: string }>(
    `select coalesce(max(position), 0)::text as position from ${schema}.events
      where xid_horizon <= ${FINISHED_XID_BOUND}`,
  );
  return rows[0]?.position ?? '0';
}
