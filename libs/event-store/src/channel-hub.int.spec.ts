import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { ChannelHub, createPool, type ChannelListener } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { PgEventStore, type RecordedEvent } from './index';

async function eventually(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A listener that counts what it is told. */
function counting(): ChannelListener & { notifications: number; losses: number } {
  const listener = {
    notifications: 0,
    losses: 0,
    notified: () => void (listener.notifications += 1),
    lost: () => void (listener.losses += 1),
  };
  return listener;
}

describe('ChannelHub: one listening connection per database', () => {
  let db: TestDatabase;
  let pools: Pool[];

  /** The backends of the hub's connection to this test's database. */
  const hubBackends = async (): Promise<number[]> => {
    const { rows } = await pools[0]!.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where datname = current_database() and application_name = 'event-notifications'`,
    );
    return rows.map((row) => row.pid);
  };
  const notify = (channel: string) => pools[0]!.query('select pg_notify($1, $2)', [channel, '']);

  beforeAll(async () => {
    db = await createTestDatabase('chanhub');
    // Two pools of one database, as two services of one process have.
    pools = ['one', 'two'].map((schema) => createPool({ url: db.url, schema, max_connections: 4 }));
  });

  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await db.drop();
  });

  it('listens for every pool of the database on one connection, closed when the last leaves', async () => {
    const [first, second] = [counting(), counting()];
    const hub = ChannelHub.of(pools[0]!);
    expect(ChannelHub.of(pools[1]!)).toBe(hub);
    const stop_first = await hub.listen('hub_a', first);
    const stop_second = await ChannelHub.of(pools[1]!).listen('hub_b', second);
    expect(await hubBackends()).toHaveLength(1);

    await notify('hub_a');
    await notify('hub_a');
    await notify('hub_b');
    await eventually(() => first.notifications === 2 && second.notifications === 1, 'both told');

    await stop_first();
    await notify('hub_a');
    await notify('hub_b');
    await eventually(() => second.notifications === 2, 'the second told again');
    expect(first.notifications).toBe(2);
    expect(await hubBackends()).toHaveLength(1);
    await stop_second();
    expect(await hubBackends()).toHaveLength(0);
  });

  it('tells every listener when its connection is lost, and listens again on a new one', async () => {
    const hub = ChannelHub.of(pools[0]!);
    const [first, second] = [counting(), counting()];
    await hub.listen('hub_c', first);
    await hub.listen('hub_d', second);
    const [backend] = await hubBackends();
    await pools[0]!.query('select pg_terminate_backend($1)', [backend]);
    await eventually(() => first.losses === 1 && second.losses === 1, 'both told of the loss');

    const again = counting();
    const stop = await hub.listen('hub_c', again);
    const backends = await hubBackends();
    expect(backends).toHaveLength(1);
    expect(backends[0]).not.toBe(backend);
    await notify('hub_c');
    await eventually(() => again.notifications === 1, 'the new listener told');
    expect(first.notifications).toBe(0);
    await stop();
    expect(await hubBackends()).toHaveLength(0);
  });

  it('keeps a subscription woken by appends after its listening connection is lost', async () => {
    const store = new PgEventStore(pools[0]!, { schema: 'hub_events', environment: 'test' });
    await store.migrate();
    const delivered: RecordedEvent[] = [];
    const reported: unknown[] = [];
    const stream = `account-${randomUUID()}`;
    const subscription = store.subscribe({
      name: 'hub-wakes',
      // Far longer than the test: only a notification can bring the events in time.
      poll_interval_ms: 600_000,
      on_error: (error) => void reported.push(error),
      handler: async (events) => void delivered.push(...events),
    });
    try {
      await eventually(() => subscription.state === 'active', 'the subscription active');
      await store.append(stream, [{ type: 'one', data: {} }], { expected_version: 'no_stream' });
      await eventually(() => delivered.length === 1, 'the first event');
      const [backend] = await hubBackends();
      await pools[0]!.query('select pg_terminate_backend($1)', [backend]);
      await eventually(
        async () => (await hubBackends()).some((pid) => pid !== backend),
        'listening again',
      );
      await store.append(stream, [{ type: 'two', data: {} }], { expected_version: 1 });
      await eventually(() => delivered.length === 2, 'the event after the loss');
      expect(delivered.map((event) => event.type)).toEqual(['one', 'two']);
      expect(String(reported[0])).toMatch(/terminating connection/);
    } finally {
      await subscription.stop();
    }
    expect(await hubBackends()).toHaveLength(0);
  });
});
