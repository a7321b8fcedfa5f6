import type { Pool } from 'pg';

/**
 * What PostgreSQL wrote during a bench run, from its statistics views: commits and WAL of the
 * whole server (every database: the platform's, its live environment's, the baseline's), and
 * rows written per table of one database. A payout costs PostgreSQL about as much CPU as it costs
 * Node, and these say where: how many transactions flush the WAL, and which tables take the rows
 * and their indexes' entries (an update that is not HOT writes every index of the table again).
 */

/** Rows written to one table, as `pg_stat_user_tables` counts them. */
export interface TableWrites {
  inserted: number;
  updated: number;
  /** Updates that wrote no index entry (heap-only tuples). */
  hot_updated: number;
  deleted: number;
  indexes: number;
}

export interface PgWrites {
  commits: number;
  wal_records: number;
  wal_full_page_images: number;
  wal_bytes: number;
  /** WAL flushes to disk (fdatasync), by backends at commit and by the WAL writer. */
  wal_syncs: number;
  tables: Map<string, TableWrites>;
}

/**
 * Each backend sends its counts to the statistics views when it goes idle, at most once a
 * second: a reading waits this long so that the work before it is counted.
 */
export const PG_STATS_FLUSH_MS = 1_500;

/** The server's counters now, and the rows written to the tables of `pool`'s database. */
export async function readPgWrites(pool: Pool): Promise<PgWrites> {
  await new Promise((resolve) => setTimeout(resolve, PG_STATS_FLUSH_MS));
  const server = await pool.query<Record<string, string>>(
    `select (select sum(xact_commit) from pg_stat_database)::text as commits,
            wal_records::text, wal_fpi::text as wal_full_page_images, wal_bytes::text,
            wal_sync::text as wal_syncs
       from pg_stat_wal`,
  );
  const tables = await pool.query<Record<string, string>>(
    `select schemaname || '.' || relname as table_name, n_tup_ins::text as inserted,
            n_tup_upd::text as updated, n_tup_hot_upd::text as hot_updated,
            n_tup_del::text as deleted,
            (select count(*) from pg_index i where i.indrelid = t.relid)::text as indexes
       from pg_stat_user_tables t`,
  );
  const row = server.rows[0] ?? {};
  return {
    commits: Number(row.commits),
    wal_records: Number(row.wal_records),
    wal_full_page_images: Number(row.wal_full_page_images),
    wal_bytes: Number(row.wal_bytes),
    wal_syncs: Number(row.wal_syncs),
    tables: new Map(
      tables.rows.map((each) => [
        each.table_name!,
        {
          inserted: Number(each.inserted),
          updated: Number(each.updated),
          hot_updated: Number(each.hot_updated),
          deleted: Number(each.deleted),
          indexes: Number(each.indexes),
        },
      ]),
    ),
  };
}

/** The writes between two readings, per request. */
export function pgWritesPerRequest(before: PgWrites, after: PgWrites, requests: number): PgWrites {
  const per = (key: Exclude<keyof PgWrites, 'tables'>) => (after[key] - before[key]) / requests;
  const tables = new Map<string, TableWrites>();
  for (const [table_name, now] of after.tables) {
    const then = before.tables.get(table_name);
    const delta = (key: Exclude<keyof TableWrites, 'indexes'>) =>
      (now[key] - (then?.[key] ?? 0)) / requests;
    const writes = {
      inserted: delta('inserted'),
      updated: delta('updated'),
      hot_updated: delta('hot_updated'),
      deleted: delta('deleted'),
      indexes: now.indexes,
    };
    if (writes.inserted + writes.updated + writes.deleted > 0) tables.set(table_name, writes);
  }
  return {
    commits: per('commits'),
    wal_records: per('wal_records'),
    wal_full_page_images: per('wal_full_page_images'),
    wal_bytes: per('wal_bytes'),
    wal_syncs: per('wal_syncs'),
    tables,
  };
}

/** Tables below this many rows written per request are left out of the description. */
const ROWS_SHOWN_FROM = 0.05;

/**
 * One line: commits, WAL flushes, WAL records and bytes per request, then (when there are any)
 * the tables most written, with the share of their updates that were HOT and their index count.
 */
export function describePgWrites(per_request: PgWrites, tables_shown: number): string {
  const wal_kb = (per_request.wal_bytes / 1024).toFixed(1);
  const head =
    `${per_request.commits.toFixed(1)} commits, ${per_request.wal_syncs.toFixed(1)} WAL flushes, ` +
    `${per_request.wal_records.toFixed(0)} WAL records (${wal_kb} kB, ` +
    `${per_request.wal_full_page_images.toFixed(1)} full pages)`;
  const tables = [...per_request.tables]
    .map(([table_name, writes]) => ({
      table_name,
      writes,
      rows: writes.inserted + writes.updated + writes.deleted,
    }))
    .filter(({ rows }) => rows >= ROWS_SHOWN_FROM)
    .sort((a, b) => b.rows - a.rows)
    .slice(0, tables_shown);
  if (tables.length === 0) return head;
  return `${head}; rows written: ${tables.map(({ table_name, writes }) => `${table_name} ${describeTable(writes)}`).join(', ')}`;
}

function describeTable(writes: TableWrites): string {
  const parts: string[] = [];
  if (writes.inserted > 0) parts.push(`${writes.inserted.toFixed(1)} ins`);
  if (writes.updated > 0) {
    const hot_percent = (writes.hot_updated / writes.updated) * 100;
    parts.push(`${writes.updated.toFixed(1)} upd (${hot_percent.toFixed(0)}% HOT)`);
  }
  if (writes.deleted > 0) parts.push(`${writes.deleted.toFixed(1)} del`);
  return `${parts.join(' ')} [${writes.indexes} idx]`;
}
