import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Pool } from 'pg';
import { createPool, dropDatabase, ensureDatabase } from './index';

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
