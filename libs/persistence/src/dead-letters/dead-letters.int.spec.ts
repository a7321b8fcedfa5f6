import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { createPool, dropDatabase, ensureDatabase } from '../database';
import { DeadLetters } from './dead-letters';

// persistence sits below @platform/testing, so this suite makes its database itself.
const admin_url = process.env.TEST_ADMIN_DATABASE_URL ?? process.env.DATABASE_URL ?? '';

describe('DeadLetters: the operator’s page of records set aside', () => {
  let db_name: string;
  let pool: Pool;
  let letters: DeadLetters;
  let schema_count = 0;

  /** A fresh table, so that each test counts only its own letters. */
  const fresh = async (): Promise<DeadLetters> => {
    schema_count += 1;
    const schema = `letters_${schema_count}`;
    await DeadLetters.migrate(pool, schema);
    return new DeadLetters(pool, schema);
  };
  const letter = (record_key: string, source = 'worker:test') => ({
    source,
    record_key,
    reason: `Error: ${record_key} failed`,
    payload: { record_key },
    attempts: 1,
  });

  beforeAll(async () => {
    db_name = `letters_${randomBytes(5).toString('hex')}`;
    pool = createPool({ url: await ensureDatabase(admin_url, db_name), max_connections: 12 });
  });

  afterAll(async () => {
    await pool.end();
    await dropDatabase(admin_url, db_name);
  });

  it('pages newest first, filters by source, and a page past the end holds the total alone', async () => {
    letters = await fresh();
    for (const key of ['a', 'b', 'c']) await letters.record(letter(key));
    await letters.record(letter('d', 'projection:other'));

    const first = await letters.list({ limit: 2, offset: 0 });
    expect(first.total).toBe(4);
    expect(first.dead_letters.map((row) => row.record_key)).toEqual(['d', 'c']);
    const filtered = await letters.list({ source: 'worker:test', limit: 10, offset: 1 });
    expect(filtered.total).toBe(3);
    expect(filtered.dead_letters.map((row) => row.record_key)).toEqual(['b', 'a']);
    expect(filtered.dead_letters[0]).toMatchObject({
      source: 'worker:test',
      reason: 'Error: b failed',
      payload: { record_key: 'b' },
      attempts: 1,
    });
    expect(await letters.list({ limit: 10, offset: 9 })).toEqual({ total: 4, dead_letters: [] });
    expect(await letters.list({ source: 'nobody', limit: 10, offset: 0 })).toEqual({
      total: 0,
      dead_letters: [],
    });
  });

  it('reads the total and the page from one snapshot while letters are being recorded', async () => {
    letters = await fresh();
    // Writers and readers at once: each page read while letters land must count what it holds.
    const recording = Promise.all(
      Array.from({ length: 6 }, async (_, writer) => {
        for (let n = 0; n < 40; n += 1) await letters.record(letter(`w${writer}-${n}`));
      }),
    );
    const pages = [];
    let done = false;
    void recording.finally(() => (done = true));
    while (!done) {
      pages.push(
        ...(await Promise.all([1, 2, 3].map(() => letters.list({ limit: 500, offset: 0 })))),
      );
    }
    await recording;

    expect(pages.length).toBeGreaterThan(0);
    const torn = pages.filter((page) => page.dead_letters.length !== page.total);
    expect(torn).toEqual([]);
    expect((await letters.list({ limit: 500, offset: 0 })).total).toBe(240);
  });
});
