import type { Command } from 'commander';
import type { Pool } from 'pg';
import { PgEventStore } from '@platform/event-store';
import { assertIdentifier } from '@platform/persistence';
import { eventStoreSchemas } from '../replay';
import { DATABASE_URL_HELP, withEnvironmentPool } from './environment-database';

export interface StreamBreak {
  schema: string;
  stream: string;
  /** The stream version where the chain stops matching, and that event's global position. */
  version: number;
  position: string | null;
  reason: 'hash_mismatch' | 'version_gap' | 'head_mismatch';
}

export interface VerifyReport {
  checked: { schema: string; streams: number; events: number }[];
  broken: StreamBreak[];
}

/**
 * Recomputes the hash chain of every stream of each event store (PgEventStore.verifyStream): an
 * event changed, removed or inserted in SQL breaks its stream's chain from there on.
 */
export async function verifyEventStores(
  pool: Pool,
  schemas: readonly string[],
): Promise<VerifyReport> {
  const report: VerifyReport = { checked: [], broken: [] };
  for (const schema of schemas.map(assertIdentifier)) {
    const store = new PgEventStore(pool, { schema, environment: 'test' });
    const { rows: streams } = await pool.query<{ stream: string }>(
      `select stream from ${schema}.streams union select stream from ${schema}.events
        order by stream`,
    );
    for (const { stream } of streams) {
      const verified = await store.verifyStream(stream);
      if (verified.valid) continue;
      const { rows } = await pool.query<{ position: string }>(
        `select position::text from ${schema}.events where stream = $1 and stream_version = $2`,
        [stream, verified.first_broken_version],
      );
      report.broken.push({
        schema,
        stream,
        version: verified.first_broken_version,
        position: rows[0]?.position ?? null,
        reason: verified.reason,
      });
    }
    const { rows } = await pool.query<{ events: string }>(
      `select count(*)::text as events from ${schema}.events`,
    );
    report.checked.push({ schema, streams: streams.length, events: Number(rows[0]?.events ?? 0) });
  }
  return report;
}

/** `platform events verify`: prints what it checked; exit status 1 when a chain is broken. */
export function registerEventsVerify(events: Command, env: () => 'test' | 'live'): void {
  events
    .command('verify')
    .description('check the hash chain of every stream of the event stores; exit 1 on a break')
    .option('--database-url <url>', DATABASE_URL_HELP)
    .option('--schema <schema>', 'one event store, e.g. ledger_events (default: all)')
    .action(async (o: { databaseUrl?: string; schema?: string }) => {
      const report = await withEnvironmentPool(env(), o.databaseUrl, async (pool) =>
        verifyEventStores(pool, o.schema ? [o.schema] : await eventStoreSchemas(pool)),
      );
      process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      for (const found of report.broken) {
        process.stderr.write(
          `broken hash chain: ${found.schema} stream ${found.stream} at version ${found.version}` +
            ` (position ${found.position ?? 'missing'}): ${found.reason}\n`,
        );
      }
      if (report.broken.length > 0) process.exitCode = 1;
    });
}
