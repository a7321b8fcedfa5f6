import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import { createPool, migrate } from '@platform/persistence';
import { createTestDatabase, tablesReadWhole, type TestDatabase } from '@platform/testing';
import type { Payin } from '../domain/payin';
import type { PayinTransition } from '../domain/payin-state';
import { PAYINS_MIGRATIONS_DIR, PayinsRepository, updateOfEach } from './payins.repository';

// Payins stored on a real PostgreSQL. The collection steps store a chunk of payins with one
// update. Their rows go as json, which the planner guesses at 100: on a table of some thousands of
// payins it read them all to update a chunk (12 ms a chunk in the bench), more with every payin
// ever made.
const SCHEMA = 'payins';
const PAYINS = 20_000;
const RACES = 300;

describe('payins on a table of many', () => {
  let db: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    db = await createTestDatabase('payins_plans');
    pool = createPool({ url: db.url, schema: SCHEMA, max_connections: 4 });
    await migrate(pool, { schema: SCHEMA, migrations_dir: PAYINS_MIGRATIONS_DIR });
    await pool.query(
      `insert into payins (payin_id, account_id, org_id, method, status, currency, local_amount,
         reference, expires_at, outcome)
       select gen_random_uuid(), gen_random_uuid(), 'org', 'bank_transfer', 'pending', 'USD', 10,
         'ref-' || n, now() + interval '1 day', 'pay'
       from generate_series(1, $1::integer) as n`,
      [PAYINS],
    );
    await pool.query('analyze payins');
  });

  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  it('updates the chunk’s rows by the key', async () => {
    const { rows } = await pool.query<{ payin_id: string }>(
      'select payin_id from payins order by reference limit 8',
    );
    const chunk = rows.map(
      ({ payin_id }) =>
        ({
          payin: { payin_id } as Payin,
          changes: { status: 'credited', credited_amount: '9.70', fee: '0.30' },
          events: [],
          published: [],
        }) satisfies PayinTransition,
    );
    const { text, values } = updateOfEach(chunk);
    expect(await tablesReadWhole(pool, text, values)).toEqual([]);
    // And it is the update it says: those rows, those columns, nothing else.
    await pool.query(text, [...values]);
    const { rows: after } = await pool.query<{ n: string }>(
      `select count(*)::text as n from payins where status = 'credited' and fee = 0.30
         and credited_amount = 9.70`,
    );
    expect(after[0]?.n).toBe(String(chunk.length));
  });

  // A demo payin's id is made from its account and index, like its key: two seeds of one demo
  // payin at once (a retry while the first still runs) collide on the id as well as on the key.
  it('stores exactly one of concurrent inserts of the same payin id and key, and fails none', async () => {
    const payins = new PayinsRepository(pool, {} as PgEventStore);
    const account_id = randomUUID();
    for (let race = 0; race < RACES; race += 1) {
      const payin = {
        payin_id: randomUUID(),
        account_id,
        org_id: 'demo',
        idempotency_key: `demo-history:payin:${race}`,
        method: 'bank_transfer',
        status: 'pending',
        currency: 'USD',
        local_amount: '10',
        reference: `race-${race}`,
        expires_at: new Date(Date.now() + 86_400_000),
        outcome: 'pay',
      } as unknown as Payin;
      const stored = await Promise.all([1, 2, 3].map(() => payins.insert(pool, payin)));
      expect(stored.filter((each) => each !== null)).toHaveLength(1);
    }
  });
});
