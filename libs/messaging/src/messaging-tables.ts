import path from 'node:path';
import { assertIdentifier } from '@platform/persistence';
import type { Pool } from 'pg';

const MIGRATIONS_DIR = path.join(__dirname, '..', 'migrations');

/**
 * Creates the outbox and inbox tables in a service's schema. They keep their own version table
 * (`messaging_schemaversion`): the service's migrations number from 001 in `schemaversion`, and
 * postgrator would take these for already applied.
 */
export async function migrateMessagingTables(pool: Pool, schema: string): Promise<number> {
  assertIdentifier(schema);
  const { default: Postgrator } = await import('postgrator');
  const lock = `migrate-messaging:${schema}`;
  const client = await pool.connect();
  try {
    // Replicas starting together queue here; the first applies, the rest find nothing to do.
    await client.query('select pg_advisory_lock(hashtext($1))', [lock]);
    await client.query(`create schema if not exists ${schema}`);
    const postgrator = new Postgrator({
      migrationPattern: `${MIGRATIONS_DIR}/*.sql`,
      driver: 'pg',
      schemaTable: `${schema}.messaging_schemaversion`,
      currentSchema: schema,
      execQuery: (query: string) => client.query(query),
    });
    return (await postgrator.migrate()).length;
  } finally {
    await client.query('reset search_path').catch(() => undefined);
    await client.query('select pg_advisory_unlock(hashtext($1))', [lock]).catch(() => undefined);
    client.release();
  }
}
