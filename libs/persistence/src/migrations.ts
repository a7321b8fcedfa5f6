import type { Pool } from 'pg';
import { assertIdentifier } from './database';

export interface MigrateOptions {
  schema: string;
  /** Folder of forward-only files named `NNN.do.<title>.sql`. */
  migrations_dir: string;
  /**
   * Where applied versions are kept. A schema that receives files from several sources (the
   * service's own, the event store's, the outbox's) gives each source its own table.
   */
  version_table?: string;
}

/**
 * Applies a service's forward-only SQL migrations to its own schema, at start. Postgrator keeps
 * the applied versions in `<schema>.schemaversion` and takes an advisory lock, so replicas
 * starting together apply each file once under an advisory lock. The files and their versions
 * commit together or not at all: postgrator runs a file and then records it as two statements, so
 * a process killed between them (or a file failing halfway) left the file's tables behind
 * unrecorded, and every later start failed on them ("relation already exists").
 */
export async function migrate(pool: Pool, options: MigrateOptions): Promise<number> {
  const schema = assertIdentifier(options.schema);
  const lock_key = `migrate:${schema}`;
  const { default: Postgrator } = await import('postgrator');
  const client = await pool.connect();
  try {
    // Replicas starting together queue here; the first applies, the rest find nothing to do.
    await client.query('select pg_advisory_lock(hashtext($1))', [lock_key]);
    await client.query(`create schema if not exists ${schema}`);
    await client.query(`set search_path to ${schema}, public`);
    const postgrator = new Postgrator({
      migrationPattern: `${options.migrations_dir}/*.sql`,
      driver: 'pg',
      schemaTable: `${schema}.${assertIdentifier(options.version_table ?? 'schemaversion')}`,
      currentSchema: schema,
      execQuery: (query: string) => client.query(query),
    });
    await client.query('begin');
    try {
      const applied = await postgrator.migrate();
      await client.query('commit');
      return applied.length;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  } finally {
    await client.query('reset search_path').catch(() => undefined);
    await client
      .query('select pg_advisory_unlock(hashtext($1))', [lock_key])
      .catch(() => undefined);
    client.release();
  }
}
