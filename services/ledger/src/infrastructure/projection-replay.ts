import type { Pool, PoolClient } from 'pg';
import { notSetAsideSql, withTransaction } from '@platform/persistence';
import { LEDGER_EVENT_TYPES } from '../domain';
import { LEDGER_EVENTS_SCHEMA, LEDGER_SCHEMA } from './ledger-store';

export const ACCOUNT_STREAM_PREFIX = 'account-';
/**
 * How long the ledger's subscriptions (projections, relay) let appends gather after a batch:
 * under load they read and commit a batch per 25 ms rather than per append commit, which leaves
 * the database to the appends (`npm run bench:ledger`). A read after a quiet spell is immediate.
 */
export const LEDGER_SUBSCRIPTION_LINGER_MS = 25;
/** The one subscription that keeps the balances and movements projections, with one checkpoint. */
export const LEDGER_PROJECTIONS_SUBSCRIPTION = 'projection:ledger';
const REPLAY_PAGE_SIZE = 1000;

/** The fields of a stored ledger event that the projections read. */
export interface ProjectedEvent {
  event_id: string;
  position: string;
  /** ISO text from the store's subscription, a Date from a replay's query. */
  occurred_at: string | Date;
  type: string;
  data: unknown;
}

export interface ProjectionReplay {
  /** The live subscription whose checkpoint bounds the replay. */
  subscription: string;
  /** The projection's tables, emptied first. */
  tables: readonly string[];
  apply: (client: PoolClient, events: readonly ProjectedEvent[]) => Promise<void>;
}

/**
 * Rebuilds a projection from zero: empties it and replays, in one transaction, every ledger
 * event up to the live subscription's checkpoint, which it holds meanwhile (so the live one
 * waits, then resumes where it was). Events at or below a checkpoint have all committed, so
 * the replay applies exactly what the live projection had. Returns how many events it replayed.
 */
export async function replayProjection(pool: Pool, replay: ProjectionReplay): Promise<number> {
  return withTransaction(pool, (client) => replayProjectionIn(client, replay, 'truncate'));
}

/**
 * replayProjection in the caller's open transaction, which the caller then commits (the replay
 * replaces the projection) or rolls back (nothing changed). `delete` empties the tables row by
 * row: readers keep seeing the projection as it was until the commit, where `truncate` (faster)
 * makes them wait. `before_reset` runs once the checkpoint is held, before the tables are emptied.
 */
export async function replayProjectionIn(
  client: PoolClient,
  replay: ProjectionReplay,
  reset: 'truncate' | 'delete',
  before_reset?: () => Promise<void>,
): Promise<number> {
  const { rows } = await client.query<{ position: string }>(
    `select position::text from ${LEDGER_EVENTS_SCHEMA}.subscription_checkpoints
      where name = $1 for update`,
    [replay.subscription],
  );
  const checkpoint = rows[0]?.position ?? '0';
  await before_reset?.();
  if (reset === 'truncate') await client.query(`truncate ${replay.tables.join(', ')}`);
  else for (const table of replay.tables) await client.query(`delete from ${table}`);
  return replayRange(client, { after: '0', up_to: checkpoint }, replay.apply);
}

/**
 * Applies, in the caller's transaction and in position order, the ledger events after `after`
 * up to `up_to` (both positions a checkpoint reached, so every event up to them has committed),
 * but those the live projections set aside as dead letters: a replay applies what they applied.
 * Returns how many events it applied.
 */
export async function replayRange(
  client: PoolClient,
  range: { after: string; up_to: string },
  apply: ProjectionReplay['apply'],
): Promise<number> {
  let after_position = range.after;
  let replayed = 0;
  for (;;) {
    const page = await client.query<ProjectedEvent>(
      `select event_id::text, position::text, occurred_at, type, data
         from ${LEDGER_EVENTS_SCHEMA}.events
        where position > $1::bigint and position <= $2::bigint
          and stream like $3 and type = any($4::text[])
          and ${notSetAsideSql(LEDGER_SCHEMA, '$6', 'events.event_id::text')}
        order by events.position limit $5`,
      [
        after_position,
        range.up_to,
        `${ACCOUNT_STREAM_PREFIX}%`,
        LEDGER_EVENT_TYPES,
        REPLAY_PAGE_SIZE,
        LEDGER_PROJECTIONS_SUBSCRIPTION,
      ],
    );
    await apply(client, page.rows);
    replayed += page.rows.length;
    after_position = page.rows.at(-1)?.position ?? after_position;
    if (page.rows.length < REPLAY_PAGE_SIZE) return replayed;
  }
}
