import path from 'node:path';
import type { Pool, QueryConfigValues } from 'pg';
import { createPool, DeadLetters, migrate, PoisonGuard } from '@platform/persistence';
import type { PgEventStore } from '@platform/event-store';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { PayoutsRepository } from './payouts.repository';

const SCHEMA = 'payouts';
const CREATED_PAYOUTS = 5_000;

interface Statement {
  text: string;
  values: QueryConfigValues<unknown[]>;
}

interface PlanNode {
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every table a plan reads, with the index it reads it through (null: the whole table). */
function scansOf(node: PlanNode | undefined): { relation: string; index: string | null }[] {
  if (!node) return [];
  const own = node['Relation Name']
    ? [{ relation: node['Relation Name'], index: node['Index Name'] ?? null }]
    : [];
  return [...own, ...(node.Plans ?? []).flatMap(scansOf)];
}

/** Runs each statement on the pool, and keeps the last one to explain it. */
function recording(pool: Pool): { pool: Pool; last: () => Statement } {
  let last: Statement | null = null;
  const query = (text: string, values: QueryConfigValues<unknown[]>) => {
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

/** The claim recovery's look for unfinished creates, on a table of many finished payouts. */
describe('abandoned claims', () => {
  let database: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    database = await createTestDatabase('payouts_abandoned_claims');
    pool = createPool({ url: database.url, schema: SCHEMA, max_connections: 2 });
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
       values ('00000000-0000-4000-8000-000000000001', 'acc-1', 'demo', 'stale', 'f', now() - interval '1 hour'),
              ('00000000-0000-4000-8000-000000000002', 'acc-2', 'demo', 'fresh', 'f', now())`,
    );
    await pool.query('analyze payouts');
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it('finds the creates older than the delay, through an index of claims in flight', async () => {
    const statements = recording(pool);
    const payouts = new PayoutsRepository(statements.pool, {} as PgEventStore);
    const guard = new PoisonGuard(new DeadLetters(pool, SCHEMA), 'worker:payout_claim_recovery');

    const claims = await payouts.abandonedClaims(60_000, guard);

    expect(claims).toEqual([
      { payout_id: '00000000-0000-4000-8000-000000000001', account_id: 'acc-1' },
    ]);
    // A sweep runs every few seconds for the life of the service: it may not read every payout.
    const { text, values } = statements.last();
    const { rows } = await pool.query<{ 'QUERY PLAN': unknown }>(
      `explain (format json) ${text}`,
      values,
    );
    const scans = scansOf((rows[0]?.['QUERY PLAN'] as { Plan: PlanNode }[])[0]?.Plan);
    expect(scans).toContainEqual({ relation: 'payouts', index: 'payouts_creating' });
    expect(scans).not.toContainEqual({ relation: 'payouts', index: null });
  });
});
