import { createPool, withDatabase } from '@platform/persistence';
import { eventStoreSchemas } from './replay';

/**
 * The database `events replay` reads when none is named, following the runtime's own settings:
 * with DATABASE_URL, that database itself (the distributed runtime keeps every service's event
 * store there) or else `<DATABASE_PREFIX>_<env>` on its server (the all-in-one runtime on a
 * server of its own); without it, that database on the embedded server of `npm start`
 * (EMBEDDED_PG_PORT). The first that holds event stores is the one.
 */
export async function defaultReplayDatabase(
  env: NodeJS.ProcessEnv,
  environment: 'test' | 'live',
): Promise<string> {
  // Loaded here, not at the top: the runtime is heavy, and most commands never need it.
  const { readAllInOneSettings } = await import('@platform/runtime');
  const settings = readAllInOneSettings(env);
  const own_database = `${settings.DATABASE_PREFIX}_${environment}`;
  const candidates = env.DATABASE_URL
    ? [env.DATABASE_URL, withDatabase(env.DATABASE_URL, own_database)]
    : [`postgres://postgres:postgres@127.0.0.1:${settings.EMBEDDED_PG_PORT}/${own_database}`];
  for (const url of candidates) if (await holdsEventStores(url)) return url;
  throw new Error(
    `no event store found in ${candidates.map(withoutPassword).join(' nor in ')}: name the database with --database-url`,
  );
}

async function holdsEventStores(url: string): Promise<boolean> {
  const pool = createPool({ url, max_connections: 1 });
  try {
    return (await eventStoreSchemas(pool)).length > 0;
  } catch {
    return false; // no such database, or no server there
  } finally {
    await pool.end();
  }
}

function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
