import { createPool, withDatabase } from '@platform/persistence';
import type { Pool } from 'pg';

/** The embedded server of `npm start` (its default port and superuser). */
const EMBEDDED_SERVER = 'postgres://postgres:postgres@127.0.0.1:54329/postgres';

/**
 * The environment's database, as `events replay` finds it: `--database-url` when given, else
 * `platform_<env>` on DATABASE_URL's server, else on the embedded server of `npm start`.
 */
export function environmentDatabaseUrl(env: 'test' | 'live', database_url?: string): string {
  return (
    database_url ?? withDatabase(process.env.DATABASE_URL ?? EMBEDDED_SERVER, `platform_${env}`)
  );
}

/** A small pool on the environment's database for one CLI command; ended by `work`'s caller. */
export async function withEnvironmentPool<T>(
  env: 'test' | 'live',
  database_url: string | undefined,
  work: (pool: Pool) => Promise<T>,
): Promise<T> {
  const pool = createPool({ url: environmentDatabaseUrl(env, database_url), max_connections: 2 });
  try {
    return await work(pool);
  } finally {
    await pool.end();
  }
}
