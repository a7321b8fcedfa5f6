import { Client, Pool, type PoolClient, type PoolConfig } from 'pg';

/** The same server and credentials as `url`, another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a safe SQL identifier: ${name}`);
  return name;
}

/** Creates the database when it is missing. Safe to race: a duplicate create is ignored. */
export async function ensureDatabase(admin_url: string, database: string): Promise<string> {
  assertIdentifier(database);
  const client = new Client({ connectionString: admin_url });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`create database ${database}`).catch((error: { code?: string }) => {
        if (error.code !== '42P04' && error.code !== '23505') throw error;
      });
    }
  } finally {
    await client.end();
  }
  return withDatabase(admin_url, database);
}

/**
 * Creates `database` as a copy of `template` (a file copy: no migration runs again). PostgreSQL
 * refuses while another session uses the template; that is retried a few times.
 */
export async function copyDatabase(
  admin_url: string,
  template: string,
  database: string,
): Promise<string> {
  assertIdentifier(template);
  assertIdentifier(database);
  const client = new Client({ connectionString: admin_url });
  await client.connect();
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await client.query(`create database ${database} template ${template}`);
        break;
      } catch (error) {
        const template_in_use = (error as { code?: string }).code === '55006';
        if (!template_in_use || attempt >= TEMPLATE_IN_USE_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, TEMPLATE_IN_USE_PAUSE_MS * attempt));
      }
    }
  } finally {
    await client.end();
  }
  return withDatabase(admin_url, database);
}

const TEMPLATE_IN_USE_ATTEMPTS = 5;
const TEMPLATE_IN_USE_PAUSE_MS = 200;

export async function dropDatabase(admin_url: string, database: string): Promise<void> {
  assertIdentifier(database);
  const client = new Client({ connectionString: admin_url });
  await client.connect();
  try {
    await client.query(`drop database if exists ${database} with (force)`);
  } finally {
    await client.end();
  }
}

export interface PoolOptions {
  url: string;
  /** Each service owns one schema; its pool resolves unqualified names there first. */
  schema?: string;
  max_connections?: number;
  application_name?: string;
  /** How long a connection may sit unused before it is closed; 10 minutes unless set. */
  idle_timeout_ms?: number;
}

/**
 * Kept connections outlive a lull: pg's default closes one after 10 s unused, and the first
 * requests after any quiet spell then pay for new connections, each a server process started
 * with cold caches and its prepared statements lost (in the bench's open loop, 30-80 requests
 * over 50 ms in its first half second). Ten minutes is HikariCP's idle timeout.
 */
const IDLE_TIMEOUT_MS = 10 * 60_000;

export function createPool(options: PoolOptions): Pool {
  const config: PoolConfig = {
    connectionString: options.url,
    max: options.max_connections ?? 10,
    application_name: options.application_name ?? options.schema ?? 'platform',
    idleTimeoutMillis: options.idle_timeout_ms ?? IDLE_TIMEOUT_MS,
    // Unused connections and their timers do not keep a process alive that has nothing else
    // to do (a script that forgot to end its pool still exits).
    allowExitOnIdle: true,
  };
  if (options.schema) config.options = `-c search_path=${assertIdentifier(options.schema)},public`;
  const pool = new Pool(config);
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}

export function withTransaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
): Promise<T> {
  return inTransaction(pool, 'begin', work);
}

/**
 * Reads that must agree with each other (a total and its page, a statement's opening balance, its
 * changes and its totals): one connection, one snapshot for every statement in `read`. Issued on
 * the pool apart, each read takes its own snapshot, and a write that commits between them shows
 * in one and not the other. `read` awaits each statement before it sends the next: the connection
 * runs one at a time, and node-postgres will stop queueing statements sent together.
 */
export function withSnapshot<T>(pool: Pool, read: (client: PoolClient) => Promise<T>): Promise<T> {
  return inTransaction(pool, 'begin isolation level repeatable read read only', read);
}

async function inTransaction<T>(
  pool: Pool,
  begin: string,
  work: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
