import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Pool } from 'pg';
import { createPool, migrate } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { ABSENT_BATCH, decide, evolveAll } from '../../domain/batches/batch';
import type { BatchItem } from '../../domain/batches/batch-rows';
import { batchResource, BatchesRepository, type StoredBatch } from './batches.repository';

const SCHEMA = 'risk_scoring';

const ITEMS: BatchItem[] = [
  { position: 1, country: 'AR', doc_id: '30710000006', subject_type: 'company', status: 'pending' },
  {
    position: 2,
    country: 'XX',
    doc_id: '1',
    subject_type: 'company',
    status: 'invalid',
    error: 'invalid_country',
    reason: 'no such country',
  },
  { position: 3, country: 'AR', doc_id: '30710000014', subject_type: 'company', status: 'pending' },
];

function newBatch(account_id: string): StoredBatch {
  const opened = { type: 'open_batch', data: { pending: 2, invalid: 1 } } as const;
  return {
    batch_id: randomUUID(),
    account_id,
    org_id: 'demo',
    purpose: 'credit_evaluation',
    source: 'json',
    request_fingerprint: 'fingerprint',
    state: evolveAll(ABSENT_BATCH, decide(opened, ABSENT_BATCH)),
    created_at: new Date(),
    completed_at: null,
  };
}

/** Batches and their items on a real PostgreSQL: one per key, BOLA, the run lease. */
describe('BatchesRepository', () => {
  let database: TestDatabase;
  let pool: Pool;
  let batches: BatchesRepository;

  beforeAll(async () => {
    database = await createTestDatabase('risk_batches');
    pool = createPool({ url: database.url, schema: SCHEMA, max_connections: 6 });
    await migrate(pool, {
      schema: SCHEMA,
      migrations_dir: path.join(__dirname, '../../../migrations'),
    });
    batches = new BatchesRepository(pool);
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  const insert = (batch: StoredBatch, idempotency_key: string | null) =>
    batches.transaction((client) => batches.insert(client, { ...batch, idempotency_key }, ITEMS));

  it('stores a batch with its items once per key, and answers it only to its account', async () => {
    const batch = newBatch('acc-owner');
    expect(await insert(batch, 'key-1')).not.toBeNull();
    expect(await insert(newBatch('acc-owner'), 'key-1')).toBeNull();
    expect(await insert(newBatch('acc-other'), 'key-1')).not.toBeNull();
    expect((await batches.byKey('acc-owner', 'key-1'))?.batch_id).toBe(batch.batch_id);
    expect(batchResource((await batches.get('acc-owner', batch.batch_id))!)).toMatchObject({
      status: 'queued',
      processed: 1,
      total: 3,
    });
    expect(await batches.get('acc-other', batch.batch_id)).toBeNull();
    expect(await batches.get('acc-owner', 'not-a-uuid')).toBeNull();
    const invalid = await batches.items.page(batch.batch_id, {
      limit: 10,
      offset: 0,
      status: 'invalid',
    });
    expect(invalid).toEqual([
      expect.objectContaining({ position: 2, error: 'invalid_country', reason: 'no such country' }),
    ]);
    expect((await batches.items.pending(batch.batch_id, 10)).map((item) => item.position)).toEqual([
      1, 3,
    ]);
  });

  it('records a result on a pending item only once', async () => {
    const batch = newBatch('acc-results');
    await insert(batch, null);
    const result = {
      position: 1,
      status: 'completed' as const,
      score: 700,
      band: 'B',
      report_id: randomUUID(),
      error: null,
      reason: null,
    };
    const store = () =>
      batches.transaction((client) => batches.items.storeResults(client, batch.batch_id, [result]));
    expect(await store()).toBe(1);
    expect(await store()).toBe(0);
    expect((await batches.items.pending(batch.batch_id, 10)).map((item) => item.position)).toEqual([
      3,
    ]);
  });

  it('leases a batch to one worker at a time, and frees it when the worker is gone', async () => {
    const batch_id = randomUUID();
    const first = await batches.lease(batch_id);
    expect(first).not.toBeNull();
    expect(await batches.lease(batch_id)).toBeNull();
    await first!.release();
    const second = await batches.lease(batch_id);
    expect(second).not.toBeNull();
    // A worker that dies takes its connection with it: the server ends that session.
    await pool.query(
      `select pg_terminate_backend(l.pid) from pg_locks l
         join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.granted and a.datname = current_database()
          and l.pid <> pg_backend_pid()`,
    );
    const third = await waitForLease(batch_id);
    expect(third).not.toBeNull();
    await third!.release();
    await second!.release();
  });

  async function waitForLease(batch_id: string) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const lease = await batches.lease(batch_id);
      if (lease) return lease;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return null;
  }
});
