import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { metricsText } from '@platform/observability';
import { createPool } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { PgEventStore, type NewEvent, type Subscription } from './index';
import { readSubscriptionLag } from './subscription-lag';

// A running subscription's lag (events after its checkpoint that it reads, and the oldest one's
// age) is on /metrics while it runs, and 0 once it has caught up.
const SCHEMA = 'lagging_events';

function credited(amount: string): NewEvent {
  return { type: 'ledger.funds_credited', data: { amount, asset: 'USD' } };
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 1000; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never happened: ${what}`);
}

describe('subscription lag', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PgEventStore;
  let subscription: Subscription | undefined;

  beforeAll(async () => {
    db = await createTestDatabase('evlag');
    pool = createPool({ url: db.url, max_connections: 10 });
    store = new PgEventStore(pool, { schema: SCHEMA, environment: 'test' });
    await store.migrate();
  });

  afterAll(async () => {
    await subscription?.stop();
    await pool?.end();
    await db?.drop();
  });

  it('counts the events behind while the handler holds them, 0 once applied, none once stopped', async () => {
    const stream = `account-${randomUUID()}`;
    const name = `lag-${randomUUID()}`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let batches = 0;
    subscription = store.subscribe({
      name,
      stream_prefix: stream,
      types: ['ledger.funds_credited'],
      handler: async () => {
        batches += 1;
        await held;
      },
    });
    await eventually(async () => subscription?.state === 'active', 'the subscription listening');
    const target = { pool, schema: SCHEMA, name, stream_prefix: stream };
    expect(await readSubscriptionLag(target)).toEqual({
      database: db.name,
      events_behind: 0,
      oldest_unprocessed_age_seconds: 0,
    });

    try {
      await store.append(stream, [credited('1'), credited('2'), credited('3')], {
        expected_version: 'no_stream',
      });
      // Another stream's events are not this subscription's to read: they are not behind.
      await store.append(`other-${randomUUID()}`, [credited('4')], {
        expected_version: 'no_stream',
      });
      await eventually(async () => batches === 1, 'the batch in the handler');

      const behind = await readSubscriptionLag(target);
      expect(behind.events_behind).toBe(3);
      expect(behind.oldest_unprocessed_age_seconds).toBeGreaterThanOrEqual(0);
      const scraped = await metricsText();
      expect(scraped).toContain(
        `projection_lag_events{projection="${name}",schema="${SCHEMA}",database="${db.name}"} 3`,
      );
      expect(scraped).toContain(`projection_lag_seconds{projection="${name}"`);
    } finally {
      // The handler lets the batch go whatever the assertions said, so the subscription stops.
      release();
    }
    await eventually(
      async () => (await readSubscriptionLag(target)).events_behind === 0,
      'the subscription caught up',
    );
    expect(await metricsText()).toContain(
      `projection_lag_seconds{projection="${name}",schema="${SCHEMA}",database="${db.name}"} 0`,
    );

    await subscription.stop();
    subscription = undefined;
    expect(await metricsText()).not.toContain(`projection="${name}"`);
  });
});
