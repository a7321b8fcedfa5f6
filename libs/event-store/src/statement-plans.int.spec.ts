import type { Pool } from 'pg';
import { createPool } from '@platform/persistence';
import {
  createTestDatabase,
  genericPlanSteps,
  tablesReadWhole,
  type TestDatabase,
} from '@platform/testing';
import { PgEventStore } from './index';
import {
  hasHeldBackEvents,
  heldBackStatement,
  heldBackUnfilteredStatement,
  readSafeEvents,
  readStatement,
} from './read';
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

  it('sends the unfiltered reads as named statements, the filtered ones unnamed', async () => {
    const client = await pool.connect();
    try {
      const from_position = String(EVENTS - 3);
      const read = await readSafeEvents(client, EVENTS_SCHEMA, { from_position, limit: 10 });
      expect(read.map((event) => event.position)).toEqual(['4998', '4999', '5000']);
      expect(await hasHeldBackEvents(client, EVENTS_SCHEMA, { from_position })).toBe(true);
      const types = ['payouts.payout_created'];
      const filtered = await readSafeEvents(client, EVENTS_SCHEMA, {
        from_position,
        limit: 2,
        types,
      });
      expect(filtered.map((event) => event.position)).toEqual(['4998', '4999']);
      expect(await hasHeldBackEvents(client, EVENTS_SCHEMA, { from_position, types })).toBe(true);
      const { rows } = await client.query<{ statement: string }>(
        `select statement from pg_prepared_statements where statement like '%plans_held_events%'`,
      );
      expect(rows.map((row) => row.statement).sort()).toEqual(
        [
          readStatement(EVENTS_SCHEMA, { from_position, limit: 10 }).text,
          heldBackUnfilteredStatement(EVENTS_SCHEMA),
        ].sort(),
      );
    } finally {
      client.release();
    }
  });

  // A named statement is planned for its values five times, then kept in one plan for any values
  // if that plan looks no dearer: it must then still read from the position by the key, in order,
  // not the table whole or a third of it sorted (the guess for `position > $1` unknown).
  it('plans the unfiltered reads once for every position: by the key, in its order', async () => {
    const reads = [
      readStatement(EVENTS_SCHEMA, { from_position: '0', limit: 100 }).text,
      heldBackUnfilteredStatement(EVENTS_SCHEMA),
    ];
    for (const statistics of ['none', 'analyzed']) {
      if (statistics === 'analyzed') await pool.query(`analyze ${EVENTS_SCHEMA}.events`);
      for (const text of reads) {
        const steps = await genericPlanSteps(pool, text);
        expect(steps.some((step) => /^Index (Only )?Scan events_pkey$/.test(step))).toBe(true);
        expect(steps.filter((step) => /^(Seq Scan|Sort|Bitmap)/.test(step))).toEqual([]);
      }
    }
  });
});
