import path from 'node:path';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { createPool, dropDatabase, ensureDatabase, migrate } from './index';

// persistence sits below @platform/testing, so this suite makes its database itself.
const admin_url = process.env.TEST_ADMIN_DATABASE_URL ?? process.env.DATABASE_URL ?? '';
interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}
async function createTestDatabase(prefix: string): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  return { url: await ensureDatabase(admin_url, name), drop: () => dropDatabase(admin_url, name) };
}

describe('migrate', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('persist');
  });
  afterAll(async () => db.drop());

  it('applies forward-only files once into the service schema, and racing replicas apply each once', async () => {
    const pool = createPool({ url: db.url, schema: 'widgets_svc' });
    const replica = createPool({ url: db.url, schema: 'widgets_svc' });
    const migrations_dir = path.join(__dirname, '__fixtures__/migrations');
    const applied = await Promise.all([
      migrate(pool, { schema: 'widgets_svc', migrations_dir }),
      migrate(replica, { schema: 'widgets_svc', migrations_dir }),
    ]);
    expect(applied.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await migrate(pool, { schema: 'widgets_svc', migrations_dir })).toBe(0);
    await pool.query(`insert into widgets (amount, label) values ('12.345678', 'a')`);
    const { rows } = await pool.query<{ amount: string }>('select amount from widgets_svc.widgets');
    expect(rows[0]?.amount).toBe('12.345678');
    await Promise.all([pool.end(), replica.end()]);
  });
});

describe('migrate, when a file fails halfway', () => {
  let db: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    db = await createTestDatabase('persist_atomic');
    dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await db.drop();
  });

  // As a process killed between a file and its version: what the file did is not kept unrecorded.
  it('keeps nothing of the run, and the next start applies every file', async () => {
    const pool = createPool({ url: db.url, schema: 'atomic_svc' });
    writeFileSync(path.join(dir, '001.do.first.sql'), 'create table first_table (id int);');
    writeFileSync(
      path.join(dir, '002.do.second.sql'),
      'create table second_table (id int);\nselect 1 / 0;',
    );
    await expect(migrate(pool, { schema: 'atomic_svc', migrations_dir: dir })).rejects.toThrow(
      /division by zero/,
    );
    const { rows } = await pool.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'atomic_svc'`,
    );
    expect(rows).toEqual([]);

    writeFileSync(path.join(dir, '002.do.second.sql'), 'create table second_table (id int);');
    expect(await migrate(pool, { schema: 'atomic_svc', migrations_dir: dir })).toBe(2);
    await pool.query('insert into first_table values (1); insert into second_table values (2)');
    await pool.end();
  });
});
