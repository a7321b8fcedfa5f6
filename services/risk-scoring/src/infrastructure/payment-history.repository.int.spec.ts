import path from 'node:path';
import type { Pool } from 'pg';
import { createPool, migrate } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { PaymentHistoryStore, type CountedFact } from './payment-history.repository';

const SCHEMA = 'risk_scoring';

/** The payment history's counts on PostgreSQL: each event once, however the facts arrive. */
describe('PaymentHistoryStore on PostgreSQL', () => {
  let database: TestDatabase;
  let pools: Pool[];
  let store: PaymentHistoryStore;
  let other_process: PaymentHistoryStore;

  beforeAll(async () => {
    database = await createTestDatabase('risk_history');
    pools = [0, 1].map(() => createPool({ url: database.url, schema: SCHEMA, max_connections: 4 }));
    await migrate(pools[0]!, {
      schema: SCHEMA,
      migrations_dir: path.join(__dirname, '../../migrations'),
    });
    store = new PaymentHistoryStore(pools[0]!);
    other_process = new PaymentHistoryStore(pools[1]!);
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await database.drop();
  });

  const fact = (
    claim_key: string,
    doc_id: string,
    effect: CountedFact['effect'] = 'payouts_completed',
  ): CountedFact => ({ claim_key, country: 'BR', doc_id, effect });

  it("adds up a subject's facts sent at once, each claim key counted once", async () => {
    const facts = [
      ...Array.from({ length: 30 }, (_, n) => fact(`a:completed:${n}`, '11111111111')),
      ...Array.from({ length: 5 }, (_, n) =>
        fact(`a:failed:${n}`, '11111111111', 'payouts_failed'),
      ),
      ...Array.from({ length: 4 }, (_, n) =>
        fact(`a:payin:${n}`, '11111111111', 'payins_credited'),
      ),
      fact('a:holder', '11111111111', 'verified_holder'),
      fact('b:completed:0', '22222222222'),
    ];
    // Every fact sent twice at once, as a redelivery racing its first delivery.
    await Promise.all([...facts, ...facts].map((each) => store.count(each)));
    // And once more after: a redelivery of events long counted.
    await Promise.all(facts.slice(0, 10).map((each) => store.count(each)));

    expect(await store.historyOf({ country: 'BR', doc_id: '11111111111' })).toEqual({
      payouts_completed: 30,
      payouts_failed: 5,
      payins_credited: 4,
      verified_holder: true,
    });
    expect(await store.historyOf({ country: 'BR', doc_id: '22222222222' })).toEqual({
      payouts_completed: 1,
      payouts_failed: 0,
      payins_credited: 0,
      verified_holder: false,
    });
  });

  it('keeps a holder verified when later facts count only payouts', async () => {
    await store.count(fact('c:holder', '33333333333', 'verified_holder'));
    await store.count(fact('c:completed', '33333333333'));
    expect(await store.historyOf({ country: 'BR', doc_id: '33333333333' })).toEqual({
      payouts_completed: 1,
      payouts_failed: 0,
      payins_credited: 0,
      verified_holder: true,
    });
  });

  it('counts exactly when two processes write the same subjects and keys at once', async () => {
    const subjects = ['44444444444', '55555555555', '66666666666'];
    const facts = Array.from({ length: 90 }, (_, n) =>
      fact(`d:${n}`, subjects[n % subjects.length]!),
    );
    // The two processes take the facts in opposite orders, so their statements meet the same
    // keys and rows from both ends.
    await Promise.all([
      ...facts.map((each) => store.count(each)),
      ...[...facts].reverse().map((each) => other_process.count(each)),
    ]);
    for (const doc_id of subjects)
      expect(await store.historyOf({ country: 'BR', doc_id })).toMatchObject({
        payouts_completed: 30,
      });
  });

  it('fails only the fact that cannot be written: the others of its statement count', async () => {
    const unwritable = { ...fact('e:bad', '77777777777'), country: null as unknown as string };
    const outcomes = await Promise.allSettled([
      store.count(fact('e:0', '77777777777')),
      store.count(unwritable),
      store.count(fact('e:1', '77777777777')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(await store.historyOf({ country: 'BR', doc_id: '77777777777' })).toMatchObject({
      payouts_completed: 2,
    });
    // The failed fact's key was not taken: it counts once it can be written.
    await store.count(fact('e:bad', '77777777777'));
    expect(await store.historyOf({ country: 'BR', doc_id: '77777777777' })).toMatchObject({
      payouts_completed: 3,
    });
  });
});
