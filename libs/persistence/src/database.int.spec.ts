import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Pool } from 'pg';
import { createPool, dropDatabase, ensureDatabase, preparedQuery, withSnapshot } from './index';

// persistence sits below @platform/testing, so this suite makes its database itself. Jest's global
// setup compiles dist/, which the spawned process runs.
const admin_url = process.env.TEST_ADMIN_DATABASE_URL ?? process.env.DATABASE_URL ?? '';
const DATABASE_JS = path.resolve(__dirname, '../../../dist/libs/persistence/src/database.js');
const run = promisify(execFile);

async function backendOf(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
  return rows[0]!.pid;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createPool: connections kept through a lull', () => {
  let db_name: string;
  let url: string;
  const pools: Pool[] = [];
  const pooled = (idle_timeout_ms?: number): Pool => {
    const pool = createPool({ url, max_connections: 1, idle_timeout_ms });
    pools.push(pool);
    return pool;
  };

  beforeAll(async () => {
    db_name = `pool_${randomBytes(5).toString('hex')}`;
    url = await ensureDatabase(admin_url, db_name);
  });

  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await dropDatabase(admin_url, db_name);
  });

  it('keeps an unused connection, where a short idle timeout closes it', async () => {
    const kept = pooled();
    const closing = pooled(100);
    const [kept_before, closing_before] = await Promise.all([backendOf(kept), backendOf(closing)]);

    await pause(600);

    expect(await backendOf(kept)).toBe(kept_before);
    expect(await backendOf(closing)).not.toBe(closing_before);
  });

  // Unused connections kept for minutes must not keep a finished script alive for minutes.
  it('lets a process whose pool is never ended exit once its work is done', async () => {
    const script = `
      const { createPool } = require(${JSON.stringify(DATABASE_JS)});
      const pool = createPool({ url: process.env.POOL_URL });
      pool.query('select 1 as one').then(({ rows }) => console.log('answered', rows[0].one));
    `;
    const { stdout } = await run(process.execPath, ['-e', script], {
      env: { ...process.env, POOL_URL: url },
      timeout: 20_000,
    });
    expect(stdout.trim()).toBe('answered 1');
  });
});

describe('withSnapshot: reads that agree with each other', () => {
  let db_name: string;
  let pool: Pool;
  const count = async (reader: Pick<Pool, 'query'>): Promise<string> => {
    const { rows } = await reader.query<{ n: string }>('select count(*)::text as n from entries');
    return rows[0]!.n;
  };

  beforeAll(async () => {
    db_name = `snapshot_${randomBytes(5).toString('hex')}`;
    pool = createPool({ url: await ensureDatabase(admin_url, db_name), max_connections: 2 });
    await pool.query('create table entries (id serial primary key)');
    await pool.query('insert into entries default values');
  });

  afterAll(async () => {
    await pool.end();
    await dropDatabase(admin_url, db_name);
  });

  it('does not see a write that commits between two of its reads, and the next read does', async () => {
    const seen = await withSnapshot(pool, async (client) => {
      const before = await count(client);
      await pool.query('insert into entries default values');
      return [before, await count(client)];
    });

    expect(seen).toEqual(['1', '1']);
    expect(await count(pool)).toBe('2');
  });

  it('reads only: a write inside it fails and changes nothing', async () => {
    await expect(
      withSnapshot(pool, (client) => client.query('insert into entries default values')),
    ).rejects.toThrow(/read-only transaction/);
    expect(await count(pool)).toBe('2');
  });
});

describe('preparedQuery on a connection', () => {
  let db_name: string;
  let pool: Pool;

  beforeAll(async () => {
    db_name = `prepared_${randomBytes(5).toString('hex')}`;
    pool = createPool({ url: await ensureDatabase(admin_url, db_name), max_connections: 1 });
  });

  afterAll(async () => {
    await pool.end();
    await dropDatabase(admin_url, db_name);
  });

  it('is prepared once on the connection and answers each call with its own values', async () => {
    const text = 'select $1::int * 2 as doubled';
    const answers = [];
    for (const n of [1, 2, 3]) {
      const { rows } = await pool.query<{ doubled: number }>(preparedQuery(text, [n]));
      answers.push(rows[0]!.doubled);
    }
    const { rows: statements } = await pool.query<{ name: string; statement: string }>(
      'select name, statement from pg_prepared_statements',
    );

    expect(answers).toEqual([2, 4, 6]);
    expect(statements).toEqual([{ name: preparedQuery(text, []).name, statement: text }]);
  });
});
