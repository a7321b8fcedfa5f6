import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Pool } from 'pg';
import { createPool, migrate } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { OwnReportsRepository } from './own-reports.repository';

const SCHEMA = 'risk_scoring';
const RACES = 40;

/** Own reports on a real PostgreSQL: two requests at once record the n-th report once. */
describe('OwnReportsRepository', () => {
  let database: TestDatabase;
  let pool: Pool;
  let own: OwnReportsRepository;

  beforeAll(async () => {
    database = await createTestDatabase('risk_own_reports');
    pool = createPool({ url: database.url, schema: SCHEMA, max_connections: 8 });
    await migrate(pool, {
      schema: SCHEMA,
      migrations_dir: path.join(__dirname, '../../../migrations'),
    });
    own = new OwnReportsRepository(pool);
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it('records the n-th report once; a second record of it answers false', async () => {
    const row = { account_id: randomUUID(), sequence: 1, report_id: randomUUID() };
    expect(await own.insert(row)).toBe(true);
    expect(await own.insert(row)).toBe(false);
    expect(await own.insert({ ...row, sequence: 2 })).toBe(false);
    expect((await own.latest(row.account_id))?.report_id).toBe(row.report_id);
  });

  // Both requests made the same report under the n-th report's key, and both record it: the
  // loser's row collides on the account's sequence and on the report id, and is no error.
  it('answers true to exactly one of two concurrent records of the same report', async () => {
    for (let race = 0; race < RACES; race += 1) {
      const row = { account_id: randomUUID(), sequence: 1, report_id: randomUUID() };
      const outcomes = await Promise.all([own.insert(row), own.insert(row), own.insert(row)]);
      expect(outcomes.filter(Boolean)).toHaveLength(1);
    }
  });
});
