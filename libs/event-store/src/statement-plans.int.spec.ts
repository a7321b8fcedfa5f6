import type { Pool } from 'pg';
import { createPool } from '@platform/persistence';
import { createTestDatabase, tablesReadWhole, type TestDatabase } from '@platform/testing';
import { PgEventStore } from './index';
import { heldBackStatement } from './read';
import { appendStatements, writeAtHeadsWith } from './statements';

// Every stream has a head row, so a service's store holds one per payout, payin or account. An
// append moves a few of them: it must reach them by the key, not read the table through. Rows
// sent as json are guessed at 100 by the planner, which then prefers reading a table of some
// thousands of heads whole (7 ms a statement at 20,000, growing with every stream).
const SCHEMA = 'plans_events';
const STREAMS = 20_000;

describe('append statements on a store of many streams', () => {
  let db: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    db = await createTestDatabase('evplans');
    pool = createPool({ url: db.url, max_connections: 2 });
    await new PgEventStore(pool, { schema: SCHEMA, environment: 'test' }).migrate();
    await pool.query(
      `insert into ${SCHEMA}.streams (stream, version, last_hash)
       select 'thing-' || n, 1, md5(n::text) from generate_series(1, $1::integer) as n`,
      [STREAMS],
    );
    await pool.query(`analyze ${SCHEMA}.streams`);
  });

  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  const statements = appendStatements(SCHEMA, SCHEMA);
  const moved = ['thing-17', 'thing-4242', 'thing-19999'];
  const heads = JSON.stringify(
    moved.map((stream) => ({
      stream,
      version: 2,
      last_hash: 'next',
      expected_version: 1,
      expected_hash: 'was',
    })),
  );

  it('moves locked heads by the key (write_locked)', async () => {
    for (const notification of ['after_commit', 'in_statement'] as const) {
      const { text } = statements.write_locked[notification];
      expect(await tablesReadWhole(pool, text, ['[]', 0, heads])).toEqual([]);
    }
  });

  it('locks and moves remembered heads by the key (write_at_heads)', async () => {
    for (const notification of ['after_commit', 'in_statement'] as const) {
      const { text } = statements.write_at_heads[notification];
      expect(await tablesReadWhole(pool, text, ['[]', 0, heads, moved.length])).toEqual([]);
    }
  });

  it('does the same with a caller’s own statements riding along', async () => {
    const own = { clauses: [`own_1 as (select 1)`], one_row_clauses: [] };
    for (const on_moved of ['fail', 'write_own'] as const) {
      const { text } = writeAtHeadsWith(SCHEMA, SCHEMA, own, on_moved);
      expect(await tablesReadWhole(pool, text, ['[]', 0, heads, moved.length])).toEqual([]);
    }
  });

  it('is seen reading a table whole when it does (the check itself)', async () => {
    const text = `update ${SCHEMA}.streams s set version = h.version
      from jsonb_to_recordset($1::jsonb) as h(stream text, version integer)
      where s.stream = h.stream`;
    expect(await tablesReadWhole(pool, text, [heads])).toEqual(['streams']);
  });
});

// An idle subscription asks whether events after its position are held back by an open
// transaction. The matching events are the newest, at the end of the table; a planner that
// guesses some rows match reads the table from its start (a store not yet analyzed, as in a
// fresh deployment or under a burst of appends, where it guesses a third of them).
describe('the held-back check on a store of many events', () => {
  const EVENTS_SCHEMA = 'plans_held_events';
  const EVENTS = 5_000;
  let db: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    db = await createTestDatabase('evplansheld');
    pool = createPool({ url: db.url, max_connections: 2 });
    await new PgEventStore(pool, { schema: EVENTS_SCHEMA, environment: 'test' }).migrate();
    // Not analyzed: the planner has no statistics yet.
    await pool.query(
      `insert into ${EVENTS_SCHEMA}.events (position, xid_horizon, event_id, stream,
         stream_version, type, version, data, environment, occurred_at, hash)
       select n, 1, gen_random_uuid(), 'payout-' || n, 1, 'payouts.payout_created', 1,
         jsonb_build_object('note', repeat('x', 300)), 'test', now(), md5(n::text)
       from generate_series(1, $1::integer) as n`,
      [EVENTS],
    );
  });

  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  it('reaches the events after a position by the key, with or without filters', async () => {
    const text = heldBackStatement(EVENTS_SCHEMA);
    for (const from of [EVENTS, EVENTS - 20]) {
      for (const [types, prefix] of [
        [null, null],
        [null, 'payout-'],
        [['payouts.payout_created'], null],
      ] as const) {
        expect(await tablesReadWhole(pool, text, [String(from), types, prefix])).toEqual([]);
      }
    }
  });

  it('answers whether there is one', async () => {
    const text = heldBackStatement(EVENTS_SCHEMA);
    const found = async (from: number) =>
      (await pool.query(text, [String(from), null, null])).rows.length > 0;
    expect(await found(EVENTS - 1)).toBe(true);
    expect(await found(EVENTS)).toBe(false);
  });

  it('is seen reading the table whole as a bare exists (the check itself)', async () => {
    const text = `select exists (select 1 from ${EVENTS_SCHEMA}.events
      where position > $1::bigint and ($2::text[] is null or type = any($2::text[]))) as found`;
    expect(await tablesReadWhole(pool, text, [String(EVENTS), null])).toEqual(['events']);
  });
});
