import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { createPool } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { PgEventStore, type NewEvent, type Subscription } from './index';

// A subscription with linger_ms waits that long after a batch that found events, so appends that
// follow it are read as one batch; an idle subscription still reads on the first notification.
const SCHEMA = 'lingering_events';

function credited(amount: string): NewEvent {
  return { type: 'ledger.funds_credited', data: { amount, asset: 'USD' } };
}

async function eventually(check: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 1000; attempt += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never happened: ${what}`);
}

describe('CatchUpSubscription linger', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PgEventStore;
  let subscription: Subscription | undefined;

  beforeAll(async () => {
    db = await createTestDatabase('evlinger');
    pool = createPool({ url: db.url, max_connections: 10 });
    store = new PgEventStore(pool, { schema: SCHEMA, environment: 'test' });
    await store.migrate();
  });

  afterEach(async () => {
    await subscription?.stop();
    subscription = undefined;
  });

  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  it('reads an idle append at once and gathers the appends after a batch into one', async () => {
    const name = `account-${randomUUID()}`;
    const batch_sizes: number[] = [];
    let first_batch_read!: () => void;
    const first_batch = new Promise<void>((resolve) => (first_batch_read = resolve));
    subscription = store.subscribe({
      name: `linger-${randomUUID()}`,
      stream_prefix: name,
      // Long enough for five appends on a busy CI machine; the test waits it out once.
      linger_ms: 3_000,
      // Far beyond the test's waits: each read below is one a notification started.
      poll_interval_ms: 600_000,
      handler: async (events) => {
        batch_sizes.push(events.length);
        first_batch_read();
      },
    });
    await eventually(() => subscription?.state === 'active', 'the subscription listening');

    await store.append(name, [credited('1')], { expected_version: 'no_stream' });
    await first_batch;
    // Appended one by one while the subscription lingers after the batch it has just read.
    for (let version = 1; version <= 5; version += 1) {
      await store.append(name, [credited(String(version + 1))], { expected_version: version });
    }

    await eventually(
      () => batch_sizes.reduce((sum, size) => sum + size, 0) === 6,
      'all six events delivered',
    );
    expect(batch_sizes).toEqual([1, 5]);
  });
});
