import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { ChannelHub, createPool } from '@platform/persistence';
import { createTestDatabase, waitFor, type TestDatabase } from '@platform/testing';
import { PgEventStore, type NewEvent, type Subscription } from './index';
import { heldBackStatement } from './read';

// A subscription that was notified of an append while it read or handled a batch reads again at
// once: it does not first ask whether events are held back by an open transaction (a statement
// that only decides how long an idle wait lasts, and under load would run after every batch).
const SCHEMA = 'woken_events';

function credited(amount: string): NewEvent {
  return { type: 'ledger.funds_credited', data: { amount, asset: 'USD' } };
}

describe('CatchUpSubscription notified while it works', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PgEventStore;
  let subscription: Subscription | undefined;

  beforeAll(async () => {
    db = await createTestDatabase('evwoken');
    pool = createPool({ url: db.url, max_connections: 10 });
    store = new PgEventStore(pool, { schema: SCHEMA, environment: 'test' });
    await store.migrate();
  });

  afterAll(async () => {
    await subscription?.stop();
    await pool?.end();
    await db?.drop();
  });

  it('reads the next batch without asking for held-back events first', async () => {
    const name = `account-${randomUUID()}`;
    // What the subscription's connection is asked, in order (it takes one client and keeps it).
    const sent: string[] = [];
    const connect = jest.spyOn(pool, 'connect') as unknown as jest.SpyInstance<
      Promise<PoolClient>,
      []
    >;
    connect.mockImplementationOnce(async () => {
      connect.mockRestore();
      const client = await pool.connect();
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        const [text] = args;
        sent.push(typeof text === 'string' ? text : (text as { text: string }).text);
        return query(...args);
      };
      return client;
    });
    // The test hears the store's notifications on the hub the subscription listens through:
    // when it has heard one, the subscription has been told of it too.
    let heard = 0;
    const stop_hearing = await ChannelHub.of(pool).listen(`${SCHEMA}__events`, {
      notified: () => (heard += 1),
      lost: () => undefined,
    });
    const batches: number[] = [];
    subscription = store.subscribe({
      name: `woken-${randomUUID()}`,
      stream_prefix: name,
      poll_interval_ms: 600_000,
      handler: async (events) => {
        batches.push(events.length);
        if (batches.length > 1) return;
        // Appended while this batch is handled; its notification arrives before the batch ends.
        const before = heard;
        await store.append(name, [credited('2')], { expected_version: 1 });
        await waitFor(() => heard > before);
      },
    });
    await waitFor(() => subscription?.state === 'active');
    await store.append(name, [credited('1')], { expected_version: 'no_stream' });
    await waitFor(() => batches.length === 2);
    await stop_hearing();

    expect(batches).toEqual([1, 1]);
    const reads = sent.flatMap((text, index) => (text.includes('xid_horizon <=') ? [index] : []));
    // The reads: before the first append (or with it), the first batch, the second batch.
    const [first_batch_read, second_batch_read] = reads.slice(-2);
    const between = sent.slice(first_batch_read, second_batch_read);
    expect(between.some((text) => text === heldBackStatement(SCHEMA))).toBe(false);
    // After the last batch, idle again, it does ask (how long to wait depends on it).
    await waitFor(() =>
      sent.slice(second_batch_read).some((text) => text === heldBackStatement(SCHEMA)),
    );
  });
});
