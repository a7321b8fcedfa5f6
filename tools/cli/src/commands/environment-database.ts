import { createPool } from '@platform/persistence';
import type { Pool } from 'pg';
import { defaultReplayDatabase } from '../replay-source';

/** The help of every command's `--database-url`. */
export const DATABASE_URL_HELP =
  "the environment's database (default: DATABASE_URL, or <DATABASE_PREFIX>_<env> on its server, else on the embedded server of npm start)";

/**
 * A small pool on the environment's database for one CLI command, found as `events replay`
 * finds it: `--database-url` when given, else the runtime's own database (`defaultReplayDatabase`).
 */
export async function withEnvironmentPool<T>(
  env: 'test' | 'live',
  database_url: string | undefined,
  work: (pool: Pool) => Promise<T>,
): Promise<T> {
  const url = database_url ?? (await defaultReplayDatabase(process.env, env));
  const pool = createPool({ url, max_connections: 2 });
  try {
    return await work(pool);
  } finally {
    await pool.end();
  }
}
