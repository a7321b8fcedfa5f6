import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { ChannelHub, createPool } from '@platform/persistence';
import { createTestDatabase, waitFor, type TestDatabase } from '@platform/testing';
import { PgEventStore, type NewEvent } from './index';

// A worker polling a table that a store's appends fill is woken by them (`onAppended`), so it can
// poll rarely while idle: each committed append calls it, from this process or another.
const SCHEMA = 'appended_events';
const CHANNEL = `${SCHEMA}__events`;

function credited(amount: string): NewEvent {
  return { type: 'ledger.funds_credited', data: { amount, asset: 'USD' } };
}

describe('PgEventStore.onAppended', () => {
  let db: TestDatabase;
  let pool: Pool;
  let other_pool: Pool;
  let store: PgEventStore;

  beforeAll(async () => {
    db = await createTestDatabase('evappended');
    pool = createPool({ url: db.url, max_connections: 4 });
    // A replica's store on the same database, through a pool of its own.
    other_pool = createPool({ url: db.url, max_connections: 4, application_name: 'other' });
    store = new PgEventStore(pool, { schema: SCHEMA, environment: 'test' });
    await store.migrate();
  });

  afterAll(async () => {
    await pool?.end();
    await other_pool?.end();
    await db?.drop();
  });

  /** Appends once and waits until `witness` heard it: every listener of the channel was told. */
  async function appendHeard(target: PgEventStore, heard: () => number): Promise<void> {
    const before = heard();
    await target.append(`account-${randomUUID()}`, [credited('1')], {
      expected_version: 'no_stream',
    });
    await waitFor(() => heard() > before);
  }

  it('calls back after each committed append, and no more once stopped', async () => {
    let witness = 0;
    const stop_witness = await ChannelHub.of(pool).listen(CHANNEL, {
      notified: () => (witness += 1),
      lost: () => undefined,
    });
    let appended = 0;
    const stop = await store.onAppended(() => (appended += 1));

    await appendHeard(store, () => witness);
    await appendHeard(store, () => witness);
    expect(appended).toBe(2);

    await stop();
    await appendHeard(store, () => witness);
    await stop_witness();
    expect(appended).toBe(2);
  });

  it('hears the appends of another store on the same database (another replica)', async () => {
    const other = new PgEventStore(other_pool, { schema: SCHEMA, environment: 'test' });
    let appended = 0;
    const stop = await store.onAppended(() => (appended += 1));
    await other.append(`account-${randomUUID()}`, [credited('1')], {
      expected_version: 'no_stream',
    });
    await waitFor(() => appended === 1);
    await stop();
  });

  it('calls back when its listening connection is lost, and listens again', async () => {
    let appended = 0;
    const stop = await store.onAppended(() => (appended += 1), 50);
    // The hub's listening connection is ended by the server: appends may go unannounced.
    await pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`,
    );
    await waitFor(() => appended === 1);
    // Listening again: the next append is heard.
    await waitFor(async () => {
      const before = appended;
      await store.append(`account-${randomUUID()}`, [credited('1')], {
        expected_version: 'no_stream',
      });
      return waitFor(() => appended > before, 200).then(
        () => true,
        () => false,
      );
    });
    await stop();
  });
});
