import type { Pool } from 'pg';
import { MS_PER_TICK, readOrNull, type CpuReading } from './process-cpu';

/**
 * Which client each PostgreSQL process serves, by pid: a backend by its connection's
 * application_name (each service's pool names itself `<environment>:<service>`), a server process
 * by its type in brackets (`[walwriter]`, `[autovacuum worker]`). It found the job queues' idle
 * listening connections taking 6-7% of the server's CPU under load, woken by every NOTIFY.
 */
export async function readPostgresqlClients(pool: Pool): Promise<Map<number, string>> {
  const { rows } = await pool.query<{ pid: number; client: string }>(
    `select pid, case when backend_type = 'client backend'
                      then coalesce(nullif(application_name, ''), 'unnamed')
                      else '[' || backend_type || ']' end as client
       from pg_stat_activity`,
  );
  return new Map(rows.map((row) => [row.pid, row.client]));
}

/**
 * A PostgreSQL process pg_stat_activity does not list: the postmaster (the server's first
 * process, which starts every other), or one that ended before the clients were read.
 */
export function unlistedClientOf(command_line: string | null): string {
  return command_line !== null && /(^|\/)postgres -D /.test(command_line)
    ? '[postmaster]'
    : '[ended]';
}

const commandLineOf = (pid: number) =>
  readOrNull(`/proc/${pid}/cmdline`)?.replaceAll('\0', ' ') ?? null;

/** PostgreSQL's CPU ticks between two readings, by the client its processes serve. */
export function postgresqlTicksByClient(
  before: CpuReading,
  after: CpuReading,
  clients: ReadonlyMap<number, string>,
  unlisted: (pid: number) => string = (pid) => unlistedClientOf(commandLineOf(pid)),
): Map<string, number> {
  const by_client = new Map<string, number>();
  for (const [key, { role, ticks }] of after.processes) {
    if (role !== 'postgresql') continue;
    const used = ticks - (before.processes.get(key)?.ticks ?? 0);
    const pid = Number(key.split('@')[0]);
    const client = clients.get(pid) ?? unlisted(pid);
    by_client.set(client, (by_client.get(client) ?? 0) + used);
  }
  return by_client;
}

/**
 * One line: PostgreSQL's CPU per request by client, largest first, each with its share of the
 * server's; past the `shown` largest, the rest summed.
 */
export function describePostgresqlByClient(
  by_client: ReadonlyMap<string, number>,
  requests: number,
  shown: number,
): string {
  const sorted = [...by_client].filter(([, ticks]) => ticks > 0).sort(([, a], [, b]) => b - a);
  const total = sorted.reduce((sum, [, ticks]) => sum + ticks, 0);
  if (total === 0) return 'none measured';
  const part = (name: string, ticks: number) =>
    `${name} ${((ticks * MS_PER_TICK) / requests).toFixed(2)} (${((100 * ticks) / total).toFixed(0)}%)`;
  const parts = sorted.slice(0, shown).map(([client, ticks]) => part(client, ticks));
  const rest = sorted.slice(shown);
  if (rest.length > 0)
    parts.push(
      part(
        `${rest.length} others`,
        rest.reduce((sum, [, ticks]) => sum + ticks, 0),
      ),
    );
  return `ms/request: ${parts.join(', ')}`;
}
