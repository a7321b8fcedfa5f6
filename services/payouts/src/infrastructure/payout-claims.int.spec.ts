import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Pool } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import { createPool, DeadLetters, migrate, PoisonGuard } from '@platform/persistence';
import {
  countingPool,
  createTestDatabase,
  tablesReadWhole,
  type TestDatabase,
} from '@platform/testing';
import { PayoutsRepository } from './payouts.repository';

// Claims on a payout's idempotency key, on a real PostgreSQL. The claim recovery looks for
// unfinished creates every few seconds for the life of the service: without an index of its own it
// read every payout ever made to find the few in flight (20 ms a sweep at 15,000 payouts in the
// bench, growing with each one).
const SCHEMA = 'payouts';
const CREATED_PAYOUTS = 5_000;
const RACES = 300;
const STALE = '00000000-0000-4000-8000-000000000001';
const FRESH = '00000000-0000-4000-8000-000000000002';

interface Statement {
  text: string;
  values: unknown[];
}

/** A pool that runs each statement on `pool` and keeps the last, to explain it. */
function recording(pool: Pool): { pool: Pool; last: () => Statement } {
  let last: Statement | null = null;
  const query = (text: string, values: unknown[]) => {
    last = { text, values };
    return pool.query(text, values);
  };
  return {
    pool: { query } as unknown as Pool,
    last: () => {
      if (!last) throw new Error('no statement ran');
      return last;
    },
  };
}

describe('payout claims on a table of many payouts', () => {
  let database: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    database = await createTestDatabase('payouts_abandoned_claims');
    pool = createPool({ url: database.url, schema: SCHEMA, max_connections: 4 });
    await migrate(pool, {
      schema: SCHEMA,
      migrations_dir: path.join(__dirname, '../../migrations'),
    });
    await DeadLetters.migrate(pool, SCHEMA);
    await pool.query(
      `insert into payouts (payout_id, account_id, org_id, idempotency_key, request_fingerprint,
         creation, created_at)
       select gen_random_uuid(), 'acc-' || (n % 50), 'demo', 'key-' || n, 'fingerprint', 'created',
         now() - make_interval(mins => n)
       from generate_series(1, $1::integer) as n`,
      [CREATED_PAYOUTS],
    );
    await pool.query(
      `insert into payouts (payout_id, account_id, org_id, idempotency_key, request_fingerprint,
         created_at)
       values ($1, 'acc-1', 'demo', 'stale', 'f', now() - interval '1 hour'),
              ($2, 'acc-2', 'demo', 'fresh', 'f', now())`,
      [STALE, FRESH],
    );
    await pool.query('analyze payouts');
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it('finds the creates older than the delay without reading every payout', async () => {
    const statements = recording(pool);
    const payouts = new PayoutsRepository(statements.pool, {} as PgEventStore);
    const guard = new PoisonGuard(new DeadLetters(pool, SCHEMA), 'worker:payout_claim_recovery');

    expect(await payouts.abandonedClaims(60_000, guard)).toEqual([
      { payout_id: STALE, account_id: 'acc-1' },
    ]);
    const { text, values } = statements.last();
    expect(await tablesReadWhole(pool, text, values)).not.toContain('payouts');
  });

  it('claims concurrent creates together, each with its own answer on its destination', async () => {
    const counting = countingPool(pool);
    const payouts = new PayoutsRepository(counting.pool, {} as PgEventStore);
    const rejected = `rejected-${randomUUID()}`;
    await pool.query(
      `insert into rejected_destinations (account_id, destination, payout_id)
       values ('acc-batch', $1, gen_random_uuid())`,
      [rejected],
    );
    const claim = (index: number, destination?: string) =>
      payouts.claim({
        // One id in capitals: PostgreSQL answers it in lower case.
        payout_id: index === 3 ? randomUUID().toUpperCase() : randomUUID(),
        account_id: 'acc-batch',
        org_id: 'demo',
        idempotency_key: `batch-${randomUUID()}-${index}`,
        request_fingerprint: 'fingerprint',
        ...(destination === undefined ? {} : { destination }),
      });

    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        claim(index, index === 5 ? rejected : index % 2 === 0 ? `fine-${index}` : undefined),
      ),
    );

    expect(outcomes.map((outcome) => outcome.claimed)).toEqual(outcomes.map(() => true));
    expect(
      outcomes.flatMap((outcome, index) => (outcome.destination_recently_rejected ? [index] : [])),
    ).toEqual([5]);
    expect(counting.sent()).toBeLessThan(outcomes.length);
  });

  // A demo payout's id is made from its account and index, like its key: two seeds of one demo
  // payout at once (a retry while the first still runs) collide on the id as well as on the key.
  it('answers claimed to exactly one of concurrent claims of the same payout id and key', async () => {
    const payouts = new PayoutsRepository(pool, {} as PgEventStore);
    for (let race = 0; race < RACES; race += 1) {
      const claim = {
        payout_id: randomUUID(),
        account_id: 'acc-race',
        org_id: 'demo',
        idempotency_key: `demo-history:payout:${race}`,
        request_fingerprint: 'fingerprint',
      };
      const outcomes = await Promise.all([1, 2, 3].map(() => payouts.claim(claim)));
      expect(outcomes.filter((outcome) => outcome.claimed)).toHaveLength(1);
    }
  });
});
