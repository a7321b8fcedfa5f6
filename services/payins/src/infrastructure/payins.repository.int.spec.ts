import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import { createPool, migrate } from '@platform/persistence';
import {
  countingPool,
  createTestDatabase,
  tablesReadWhole,
  type TestDatabase,
} from '@platform/testing';
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

/** A pending payin of the account under the key, with only the columns a payin must have. */
function payinOf(account_id: string, idempotency_key: string): Payin {
  return {
    payin_id: randomUUID(),
    account_id,
    org_id: 'demo',
    kind: 'payin',
    idempotency_key,
    method: 'bank_transfer',
    status: 'pending',
    currency: 'USD',
    local_amount: '10',
    reference: `ref-${randomUUID()}`,
    glosa: 'a glosa',
    expires_at: new Date(Date.now() + 86_400_000),
    outcome: 'pay',
  } as unknown as Payin;
}

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
      const payin = payinOf(account_id, `demo-history:payin:${race}`);
      const stored = await Promise.all([
        payins.insert(pool, payin),
        ...[1, 2, 3].map(() => payins.insertCommitted(payin)),
      ]);
      expect(stored.filter((each) => each !== null)).toHaveLength(1);
    }
  });

  it('inserts concurrent creates together, each answered with its own row or null', async () => {
    const counting = countingPool(pool);
    const payins = new PayinsRepository(counting.pool, {} as PgEventStore);
    const account_id = randomUUID();
    const taken = payinOf(account_id, 'taken-before');
    await payins.insert(pool, taken);
    // 0-9 new (0 with its id in capitals); 10 repeats 3's key with an id of its own; 11 takes a
    // key used before; 12 leaves out its glosa, which takes the column's default.
    const created = Array.from({ length: 10 }, (_, index) => payinOf(account_id, `new-${index}`));
    created[0] = { ...created[0]!, payin_id: created[0]!.payin_id.toUpperCase() };
    const twin = payinOf(account_id, 'new-3');
    const late = payinOf(account_id, 'taken-before');
    const { glosa: _left_out, ...without_glosa } = payinOf(account_id, 'new-12');
    const first = payins.insertCommitted(payinOf(account_id, 'first, alone'));

    const answers = await Promise.all(
      [...created, twin, late, without_glosa as Payin].map((payin) =>
        payins.insertCommitted(payin),
      ),
    );
    await first;

    expect(answers.map((row) => row?.payin_id ?? null)).toEqual([
      ...created.map((payin) => payin.payin_id.toLowerCase()),
      null,
      null,
      without_glosa.payin_id,
    ]);
    expect(answers[12]?.glosa).toBeNull();
    expect(answers[12]?.created_at).toBeInstanceOf(Date);
    expect(counting.sent()).toBe(2);
    const { rows } = await pool.query<{ idempotency_key: string }>(
      'select idempotency_key from payins where account_id = $1',
      [account_id],
    );
    expect(rows.map((row) => row.idempotency_key).sort()).toEqual(
      [
        'first, alone',
        ...created.map((payin) => String(payin.idempotency_key)),
        'new-12',
        'taken-before',
      ].sort(),
    );
  });
});
