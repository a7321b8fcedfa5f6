import type { Pool, PoolClient } from 'pg';
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
  const { rows } = await db.query<EventRow>(
    `select ${EVENT_COLUMNS} from ${schema}.events
      where position > $1::bigint
        and xid_horizon <= ${FINISHED_XID_BOUND}
        and ($2::text[] is null or type = any($2::text[]))
        and ($3::text is null or starts_with(stream, $3::text))
      order by events.position
      limit $4`,
    [
      positionText(options.from_position),
      options.types ?? null,
      options.stream_prefix ?? null,
      options.limit,
    ],
  );
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
  const { rows } = await db.query<{ held_back: boolean }>(
    `select exists (select 1 from ${schema}.events
      where position > $1::bigint
        and ($2::text[] is null or type = any($2::text[]))
        and ($3::text is null or starts_with(stream, $3::text))) as held_back`,
    [positionText(options.from_position), options.types ?? null, options.stream_prefix ?? null],
  );
  return rows[0]?.held_back ?? false;
}

/** The highest position readers may already have been given; 0 for an empty store. */
export async function safeHeadPosition(db: Queryable, schema: string): Promise<string> {
  const { rows } = await db.query<{ position: string }>(
    `select coalesce(max(position), 0)::text as position from ${schema}.events
      where xid_horizon <= ${FINISHED_XID_BOUND}`,
  );
  return rows[0]?.position ?? '0';
}
