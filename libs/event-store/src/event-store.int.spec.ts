import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { createPool } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import {
  PgEventStore,
  WrongExpectedVersionError,
  type NewEvent,
  type RecordedEvent,
  type Subscription,
} from './index';

const SCHEMA = 'test_events';

function credited(amount: string, extra: Partial<NewEvent> = {}): NewEvent {
  return { type: 'ledger.funds_credited', data: { amount, asset: 'USD' }, ...extra };
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 1000; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never happened: ${what}`);
}

async function begin(pool: Pool): Promise<PoolClient> {
  const client = await pool.connect();
  await client.query('begin');
  return client;
}

async function finish(client: PoolClient, outcome: 'commit' | 'rollback'): Promise<void> {
  await client.query(outcome);
  client.release();
}

describe('PgEventStore', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PgEventStore;
  const subscriptions: Subscription[] = [];
  const stream = (prefix: string): string => `${prefix}-${randomUUID()}`;

  beforeAll(async () => {
    db = await createTestDatabase('evstore');
    pool = createPool({ url: db.url, max_connections: 20 });
    store = new PgEventStore(pool, { schema: SCHEMA, environment: 'test' });
    expect(await store.migrate()).toBe(3);
    expect(await store.migrate()).toBe(0);
    await pool.query(
      'create table projection (event_id uuid not null, position bigint not null, subscriber text)',
    );
  });

  afterEach(async () => {
    await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()));
  });

  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  describe('append and read', () => {
    it('appends to a new stream and reads the envelopes back in order', async () => {
      const name = stream('account');
      const event_id = randomUUID();
      const result = await store.append(
        name,
        [
          credited('10.00', {
            event_id,
            org_id: 'org_1',
            account_id: 'acc_1',
            correlation_id: 'corr_1',
          }),
          credited('2.50', { causation_id: event_id, occurred_at: '2025-03-04T05:06:07.089Z' }),
        ],
        { expected_version: 'no_stream' },
      );
      expect(result.next_version).toBe(2);
      expect(result.positions).toHaveLength(2);
      expect(BigInt(result.positions[1]!)).toBe(BigInt(result.positions[0]!) + 1n);

      const events = await store.readStream(name);
      expect(events.map((event) => event.stream_version)).toEqual([1, 2]);
      expect(events[0]).toMatchObject({
        event_id,
        type: 'ledger.funds_credited',
        version: 1,
        stream: name,
        position: result.positions[0],
        org_id: 'org_1',
        account_id: 'acc_1',
        environment: 'test',
        correlation_id: 'corr_1',
        causation_id: null,
        data: { amount: '10.00', asset: 'USD' },
      });
      expect(events[1]).toMatchObject({
        causation_id: event_id,
        occurred_at: '2025-03-04T05:06:07.089Z',
      });
      expect(await store.streamVersion(name)).toBe(2);
      expect(await store.readStream(name, { from_version: 2 })).toHaveLength(1);
      expect(await store.readStream(name, { limit: 1 })).toHaveLength(1);
      expect(await store.readStream(stream('missing'))).toEqual([]);
    });

    it('rejects an append whose expected version does not match, with the actual version', async () => {
      const name = stream('account');
      await store.append(name, [credited('1'), credited('2')], { expected_version: 'no_stream' });

      const stale = store.append(name, [credited('3')], { expected_version: 1 });
      await expect(stale).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(stale).rejects.toMatchObject({ stream: name, expected: 1, actual: 2 });
      await expect(
        store.append(name, [credited('3')], { expected_version: 'no_stream' }),
      ).rejects.toMatchObject({
        expected: 'no_stream',
        actual: 2,
      });
      await expect(
        store.append(stream('account'), [credited('3')], { expected_version: 1 }),
      ).rejects.toMatchObject({
        actual: 0,
      });

      expect(await store.append(name, [credited('3')], { expected_version: 2 })).toMatchObject({
        next_version: 3,
      });
      expect(await store.append(name, [credited('4')], { expected_version: 'any' })).toMatchObject({
        next_version: 4,
      });
      expect(await store.streamVersion(name)).toBe(4);
    });

    it('lets exactly one of several concurrent appends with the same expected version win', async () => {
      for (const expected_version of ['no_stream', 1] as const) {
        const name = stream('race');
        if (expected_version === 1)
          await store.append(name, [credited('0')], { expected_version: 'no_stream' });
        const outcomes = await Promise.allSettled(
          Array.from({ length: 6 }, (_, index) =>
            store.append(name, [credited(String(index))], { expected_version }),
          ),
        );
        const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
        const lost = outcomes.flatMap((outcome) =>
          outcome.status === 'rejected' ? [outcome.reason as unknown] : [],
        );
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(5);
        for (const error of lost) expect(error).toBeInstanceOf(WrongExpectedVersionError);
        expect(await store.readStream(name)).toHaveLength(expected_version === 1 ? 2 : 1);
      }
    });

    it('appends to several streams atomically: one conflict writes nothing anywhere', async () => {
      const [first, second] = [stream('many'), stream('many')];
      await store.append(second, [credited('1')], { expected_version: 'no_stream' });

      await expect(
        store.appendMany([
          { stream: first, expected_version: 'no_stream', events: [credited('1'), credited('2')] },
          { stream: second, expected_version: 0, events: [credited('3')] },
        ]),
      ).rejects.toMatchObject({ stream: second, actual: 1 });
      expect(await store.readStream(first)).toEqual([]);
      expect(await store.streamVersion(first)).toBe(0);
      expect(await store.readStream(second)).toHaveLength(1);

      const results = await store.appendMany([
        { stream: first, expected_version: 'no_stream', events: [credited('1'), credited('2')] },
        { stream: second, expected_version: 1, events: [credited('3')] },
      ]);
      expect(results.map((result) => result.next_version)).toEqual([2, 2]);
      expect(results.flatMap((result) => result.positions).map(BigInt)).toEqual(
        [...results.flatMap((result) => result.positions).map(BigInt)].sort((a, b) =>
          a < b ? -1 : 1,
        ),
      );
    });

    it("commits the caller's own writes with the events in appendInTransaction, or neither", async () => {
      await pool.query('create table if not exists own_state (id text primary key)');
      const name = stream('own');
      const client = await begin(pool);
      await client.query('insert into own_state values ($1)', [name]);
      await store.appendInTransaction(client, name, [credited('1')], {
        expected_version: 'no_stream',
      });
      await finish(client, 'rollback');
      expect(await store.readStream(name)).toEqual([]);
      expect((await pool.query('select 1 from own_state where id = $1', [name])).rowCount).toBe(0);

      const again = await begin(pool);
      await again.query('insert into own_state values ($1)', [name]);
      await store.appendInTransaction(again, name, [credited('1')], {
        expected_version: 'no_stream',
      });
      await finish(again, 'commit');
      expect(await store.readStream(name)).toHaveLength(1);
      expect((await pool.query('select 1 from own_state where id = $1', [name])).rowCount).toBe(1);
    });
  });

  describe('readAll', () => {
    it('returns events in global order, after a position, filtered by type and stream prefix', async () => {
      const prefix = `feed-${randomUUID()}`;
      const start = await lastPosition();
      await store.append(
        `${prefix}-a`,
        [credited('1'), { type: 'ledger.funds_debited', data: { amount: '1' } }],
        {
          expected_version: 'no_stream',
        },
      );
      await store.append(`${prefix}-b`, [credited('2')], { expected_version: 'no_stream' });
      await store.append(`other-${randomUUID()}`, [credited('3')], {
        expected_version: 'no_stream',
      });

      const all = await store.readAll({ from_position: start, limit: 100 });
      expect(all).toHaveLength(4);
      expect(all.map((event) => BigInt(event.position))).toEqual(
        all.map((event) => BigInt(event.position)).sort((a, b) => (a < b ? -1 : 1)),
      );
      const mine = await store.readAll({ from_position: start, limit: 100, stream_prefix: prefix });
      expect(mine.map((event) => event.stream)).toEqual([
        `${prefix}-a`,
        `${prefix}-a`,
        `${prefix}-b`,
      ]);
      const debits = await store.readAll({
        from_position: BigInt(start),
        limit: 100,
        types: ['ledger.funds_debited'],
      });
      expect(debits.map((event) => event.type)).toEqual(['ledger.funds_debited']);
      const page = await store.readAll({ from_position: all[1]!.position, limit: 1 });
      expect(page.map((event) => event.position)).toEqual([all[2]!.position]);
    });

    it('orders by number, not by text, across a change in digit count (9 -> 10)', async () => {
      const fresh = new PgEventStore(pool, { schema: `${SCHEMA}_digits`, environment: 'test' });
      await fresh.migrate();
      for (let i = 1; i <= 12; i++)
        await fresh.append(stream('digits'), [credited(String(i))], {
          expected_version: 'no_stream',
        });
      const pages: string[][] = [];
      for (let from = '0'; ;) {
        const page = await fresh.readAll({ from_position: from, limit: 5 });
        if (page.length === 0) break;
        pages.push(page.map((event) => event.position));
        from = page[page.length - 1]!.position;
      }
      expect(pages).toEqual([
        ['1', '2', '3', '4', '5'],
        ['6', '7', '8', '9', '10'],
        ['11', '12'],
      ]);
    });

    it('holds back a committed event while a lower position is still in flight', async () => {
      const start = await lastPosition();
      const slow = await begin(pool);
      const [slow_stream, fast_stream] = [stream('slow'), stream('fast')];
      const slow_append = await store.appendInTransaction(slow, slow_stream, [credited('1')], {
        expected_version: 'no_stream',
      });
      const fast_append = await store.append(fast_stream, [credited('2')], {
        expected_version: 'no_stream',
      });
      expect(BigInt(fast_append.positions[0]!)).toBeGreaterThan(BigInt(slow_append.positions[0]!));

      expect(await store.readAll({ from_position: start, limit: 10 })).toEqual([]);
      await finish(slow, 'commit');
      const after = await store.readAll({ from_position: start, limit: 10 });
      expect(after.map((event) => event.stream)).toEqual([slow_stream, fast_stream]);
    });

    it("holds back an older transaction's event that got a higher position than a younger one in flight", async () => {
      // The older transaction has its id before the younger one starts, but allocates later: a
      // reader that only compares transaction ids with the snapshot's xmin would skip the younger's.
      const start = await lastPosition();
      const older = await begin(pool);
      await older.query('select pg_current_xact_id()');
      const younger = await begin(pool);
      const [younger_stream, older_stream] = [stream('younger'), stream('older')];
      await store.appendInTransaction(younger, younger_stream, [credited('1')], {
        expected_version: 'no_stream',
      });
      await store.appendInTransaction(older, older_stream, [credited('2')], {
        expected_version: 'no_stream',
      });
      await finish(older, 'commit');

      expect(await store.readAll({ from_position: start, limit: 10 })).toEqual([]);
      await finish(younger, 'commit');
      const after = await store.readAll({ from_position: start, limit: 10 });
      expect(after.map((event) => event.stream)).toEqual([younger_stream, older_stream]);
    });

    it('moves past the hole of a rolled-back append once it has ended', async () => {
      const start = await lastPosition();
      const doomed = await begin(pool);
      await store.appendInTransaction(doomed, stream('doomed'), [credited('1')], {
        expected_version: 'no_stream',
      });
      const kept = stream('kept');
      await store.append(kept, [credited('2')], { expected_version: 'no_stream' });
      expect(await store.readAll({ from_position: start, limit: 10 })).toEqual([]);
      await finish(doomed, 'rollback');
      expect(
        (await store.readAll({ from_position: start, limit: 10 })).map((event) => event.stream),
      ).toEqual([kept]);
    });
  });

  describe('hash chain', () => {
    it('verifies an untouched stream and finds the first tampered or missing event', async () => {
      const name = stream('chain');
      await store.append(name, [credited('1'), credited('2'), credited('3')], {
        expected_version: 'no_stream',
      });
      await store.append(name, [credited('4')], { expected_version: 3 });
      const intact = await store.verifyStream(name);
      expect(intact).toMatchObject({ valid: true, last_version: 4 });

      await expect(
        pool.query(`update ${SCHEMA}.events set data = '{}' where stream = $1`, [name]),
      ).rejects.toThrow(/immutable/);

      await asSuperuserWithoutTriggers(async (client) => {
        await client.query(
          `update ${SCHEMA}.events set data = jsonb_set(data, '{amount}', '"200"') where stream = $1 and stream_version = 2`,
          [name],
        );
      });
      expect(await store.verifyStream(name)).toEqual({
        valid: false,
        stream: name,
        first_broken_version: 2,
        reason: 'hash_mismatch',
      });

      const truncated = stream('chain');
      await store.append(truncated, [credited('1'), credited('2')], {
        expected_version: 'no_stream',
      });
      await asSuperuserWithoutTriggers(async (client) => {
        await client.query(
          `delete from ${SCHEMA}.events where stream = $1 and stream_version = 2`,
          [truncated],
        );
      });
      expect(await store.verifyStream(truncated)).toMatchObject({
        valid: false,
        first_broken_version: 2,
        reason: 'head_mismatch',
      });
    });
  });

  describe('subscriptions', () => {
    it('resumes from its checkpoint after stop and restart, with no loss and no duplicate', async () => {
      const name = `proj-${randomUUID()}`;
      const prefix = `sub-${randomUUID()}`;
      const start = () =>
        track(
          store.subscribe({
            name,
            stream_prefix: prefix,
            batch_size: 3,
            handler: (events, client) => project(events, client, name),
          }),
        );
      let subscription = start();
      for (let index = 0; index < 5; index += 1) {
        await store.append(`${prefix}-${index}`, [credited(String(index))], {
          expected_version: 'no_stream',
        });
      }
      await eventually(async () => (await projected(name)).length === 5, 'first five projected');
      await subscription.stop();
      expect(subscription.state).toBe('stopped');

      for (let index = 5; index < 12; index += 1) {
        await store.append(`${prefix}-${index}`, [credited(String(index))], {
          expected_version: 'no_stream',
        });
      }
      subscription = start();
      await eventually(async () => (await projected(name)).length >= 12, 'all twelve projected');
      const positions = await projected(name);
      const expected = (
        await store.readAll({ from_position: '0', limit: 10_000, stream_prefix: prefix })
      ).map((event) => event.position);
      expect(positions).toEqual(expected);
      expect(await checkpoint(name)).toBe(expected.at(-1));
    });

    it('does not advance the checkpoint while the handler throws, then delivers each event once', async () => {
      const name = `failing-${randomUUID()}`;
      const prefix = `fail-${randomUUID()}`;
      let attempts = 0;
      let healthy = false;
      const errors: unknown[] = [];
      track(
        store.subscribe({
          name,
          stream_prefix: prefix,
          retry_delay_ms: 20,
          on_error: (error) => errors.push(error),
          handler: async (events, client) => {
            attempts += 1;
            await project(events, client, name);
            if (!healthy) throw new Error('projection bug');
          },
        }),
      );
      await store.append(`${prefix}-a`, [credited('1'), credited('2')], {
        expected_version: 'no_stream',
      });
      await eventually(async () => attempts >= 3, 'handler retried');
      expect(await checkpoint(name)).toBe('0');
      expect(await projected(name)).toEqual([]);
      expect(errors[0]).toMatchObject({ message: 'projection bug' });

      healthy = true;
      await eventually(
        async () => (await projected(name)).length === 2,
        'projected after recovery',
      );
      await store.append(`${prefix}-b`, [credited('3')], { expected_version: 'no_stream' });
      await eventually(async () => (await projected(name)).length === 3, 'third projected');
      expect(new Set(await projected(name)).size).toBe(3);
    });

    it('wakes on append notifications without waiting for the poll interval', async () => {
      const name = `notified-${randomUUID()}`;
      const prefix = `notify-${randomUUID()}`;
      const subscription = track(
        store.subscribe({
          name,
          stream_prefix: prefix,
          poll_interval_ms: 3_600_000,
          handler: (events, client) => project(events, client, name),
        }),
      );
      await store.append(`${prefix}-a`, [credited('1')], { expected_version: 'no_stream' });
      await eventually(async () => (await projected(name)).length === 1, 'first event projected');
      // Give the loop time to settle into its hour-long poll: only a notification can wake it now.
      await sleep(200);
      expect(subscription.state).toBe('active');
      await store.append(`${prefix}-b`, [credited('2')], { expected_version: 'no_stream' });
      await eventually(
        async () => (await projected(name)).length === 2,
        'projected through a notification',
      );
    });

    it('reads an event held back by an open transaction once it ends, without another notification', async () => {
      const name = `held-${randomUUID()}`;
      const prefix = `held-${randomUUID()}`;
      const subscription = track(
        store.subscribe({
          name,
          stream_prefix: prefix,
          poll_interval_ms: 3_600_000,
          handler: (events, client) => project(events, client, name),
        }),
      );
      await eventually(async () => subscription.state === 'active', 'subscription active');
      // Any open transaction on the server holds back later events; this one writes nothing.
      const bystander = await begin(pool);
      await bystander.query('select pg_current_xact_id()');
      await store.append(`${prefix}-a`, [credited('1')], { expected_version: 'no_stream' });
      // The append's notification came while the event was held back: nothing was readable.
      await sleep(200);
      expect(await projected(name)).toEqual([]);
      await finish(bystander, 'commit');
      await eventually(
        async () => (await projected(name)).length === 1,
        'projected after the open transaction ended',
      );
    });

    it('commits batches without waiting for the WAL flush only when told to, on its own connection', async () => {
      const prefix = `async-${randomUUID()}`;
      const settings: Record<string, string[]> = { async: [], default: [] };
      for (const [label, synchronous_commit] of [
        ['async', false],
        ['default', undefined],
      ] as const) {
        track(
          store.subscribe({
            name: `${label}-${randomUUID()}`,
            stream_prefix: prefix,
            ...(synchronous_commit === undefined ? {} : { synchronous_commit }),
            handler: async (_, client) => {
              const { rows } = await client.query<{ setting: string }>(
                `select current_setting('synchronous_commit') as setting`,
              );
              settings[label]!.push(rows[0]!.setting);
            },
          }),
        );
      }
      await store.append(`${prefix}-a`, [credited('1')], { expected_version: 'no_stream' });
      await eventually(
        async () => settings.async!.length > 0 && settings.default!.length > 0,
        'both handlers ran',
      );
      expect(settings).toEqual({ async: ['off'], default: ['on'] });
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()));
      // The connection goes back to the pool as it came: other users commit synchronously.
      const clients = await Promise.all(Array.from({ length: 20 }, () => pool.connect()));
      try {
        for (const client of clients) {
          const { rows } = await client.query<{ setting: string }>(
            `select current_setting('synchronous_commit') as setting`,
          );
          expect(rows[0]?.setting).toBe('on');
        }
      } finally {
        for (const client of clients) client.release();
      }
    });

    it('starts a new subscription at the end when asked to', async () => {
      const name = `tail-${randomUUID()}`;
      const prefix = `tail-${randomUUID()}`;
      await store.append(`${prefix}-old`, [credited('1')], { expected_version: 'no_stream' });
      const subscription = track(
        store.subscribe({
          name,
          from: 'end',
          stream_prefix: prefix,
          handler: (events, c) => project(events, c, name),
        }),
      );
      await eventually(
        async () => subscription.state === 'active' && (await checkpointExists(name)),
        'started',
      );
      const fresh = await store.append(`${prefix}-new`, [credited('2')], {
        expected_version: 'no_stream',
      });
      await eventually(async () => (await projected(name)).length === 1, 'new event projected');
      expect(await projected(name)).toEqual(fresh.positions);
    });

    it('keeps one active instance per name across processes; a standby takes over on stop', async () => {
      const other_pool = createPool({ url: db.url });
      const other_store = new PgEventStore(other_pool, { schema: SCHEMA, environment: 'test' });
      const name = `single-${randomUUID()}`;
      const prefix = `single-${randomUUID()}`;
      const subscriber = (label: string, on: PgEventStore): Subscription =>
        on.subscribe({
          name,
          stream_prefix: prefix,
          standby_poll_ms: 20,
          handler: (events, client) => project(events, client, name, label),
        });
      const first = track(subscriber('first', store));
      await eventually(async () => first.state === 'active', 'first active');
      const second = track(subscriber('second', other_store));
      await eventually(async () => second.state === 'standby', 'second standing by');

      await store.append(`${prefix}-1`, [credited('1'), credited('2')], {
        expected_version: 'no_stream',
      });
      await eventually(async () => (await projected(name)).length === 2, 'first projects');
      expect(second.state).toBe('standby');

      await first.stop();
      await eventually(async () => second.state === 'active', 'second takes over');
      await store.append(`${prefix}-2`, [credited('3')], { expected_version: 'no_stream' });
      await eventually(async () => (await projected(name)).length === 3, 'second projects');
      const { rows } = await pool.query<{ subscriber: string }>(
        'select subscriber from projection where subscriber like $1 order by position',
        [`${name}:%`],
      );
      expect(rows.map((row) => row.subscriber)).toEqual([
        `${name}:first`,
        `${name}:first`,
        `${name}:second`,
      ]);
      await second.stop();
      await other_pool.end();
    });
  });

  function track(subscription: Subscription): Subscription {
    subscriptions.push(subscription);
    return subscription;
  }

  async function project(
    events: RecordedEvent[],
    client: PoolClient,
    name: string,
    label = 'main',
  ): Promise<void> {
    for (const event of events) {
      await client.query('insert into projection values ($1, $2, $3)', [
        event.event_id,
        event.position,
        `${name}:${label}`,
      ]);
    }
  }

  async function projected(name: string): Promise<string[]> {
    const { rows } = await pool.query<{ position: string }>(
      'select position::text from projection where subscriber like $1 order by position',
      [`${name}:%`],
    );
    return rows.map((row) => row.position);
  }

  async function checkpoint(name: string): Promise<string | undefined> {
    const { rows } = await pool.query<{ position: string }>(
      `select position::text from ${SCHEMA}.subscription_checkpoints where name = $1`,
      [name],
    );
    return rows[0]?.position;
  }

  async function checkpointExists(name: string): Promise<boolean> {
    return (await checkpoint(name)) !== undefined;
  }

  async function lastPosition(): Promise<string> {
    const { rows } = await pool.query<{ position: string }>(
      `select coalesce(max(position), 0)::text as position from ${SCHEMA}.events`,
    );
    return rows[0]!.position;
  }

  /** Tampering as a database superuser would: bypassing the immutability trigger. */
  async function asSuperuserWithoutTriggers(
    work: (client: PoolClient) => Promise<void>,
  ): Promise<void> {
    const client = await begin(pool);
    await client.query('set local session_replication_role = replica');
    await work(client);
    await finish(client, 'commit');
  }
});

async function sleep(delay_ms: number): Promise<true> {
  await new Promise((resolve) => setTimeout(resolve, delay_ms));
  return true;
}
