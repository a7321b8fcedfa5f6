import type { Pool, PoolClient } from 'pg';

/** The NOTIFY channel on which a queue's new jobs wake its own workers only. */
export function wakeUpChannelOf(schema: string): string {
  return `jobs:insert:${schema}`;
}

/** What graphile-worker's listening connection runs, and the channels it hears. */
const GRAPHILE_LISTEN = 'LISTEN "jobs:insert"; LISTEN "worker:migrate";';
const GRAPHILE_UNLISTEN = 'UNLISTEN "jobs:insert"; UNLISTEN "worker:migrate";';
const JOBS_CHANNEL = 'jobs:insert';
const MIGRATE_CHANNEL = 'worker:migrate';

interface Notification {
  channel: string;
  payload?: string;
}
type NotificationHandler = (message: Notification) => void;

/**
 * graphile-worker announces every new job and every schema migration on database-wide channels,
 * whatever the schema: with several services' queues in one database, each job cost a job query
 * in every queue's worker, and each migration (a service deploying, or booting for the first
 * time) stopped every worker. The pool returned here, handed to the worker, scopes what its
 * listening connection hears to this queue:
 * - new jobs: it listens on the queue's own channel instead (its `LISTEN` is rewritten), and
 *   passes those notifications on as `jobs:insert` ones. The queue's jobs announce themselves
 *   there (JobQueue.schedule); a job becoming due later is found by polling, as before.
 * - migrations: an announcement is passed on only once this schema's newest migration is newer
 *   than when the connection began listening (or cannot be read); another schema's is dropped.
 * Everything else is the pool itself.
 */
export function withScopedNotifications(pool: Pool, schema: string): Pool {
  const newestMigration = async (): Promise<number> => {
    const { rows } = await pool.query<{ id: number }>(
      `select coalesce(max(id), 0) as id from ${schema}.migrations`,
    );
    return rows[0]?.id ?? 0;
  };
  const scopedClient = (client: PoolClient, migration_at_listen: number): PoolClient => {
    const channel = wakeUpChannelOf(schema);
    const statements = new Map([
      [GRAPHILE_LISTEN, `LISTEN "${channel}"; LISTEN "${MIGRATE_CHANNEL}";`],
      [GRAPHILE_UNLISTEN, `UNLISTEN "${channel}"; UNLISTEN "${MIGRATE_CHANNEL}";`],
    ]);
    const scoped_handlers = new Map<NotificationHandler, NotificationHandler>();
    const scope =
      (handler: NotificationHandler): NotificationHandler =>
      (message) => {
        if (message.channel === channel) handler({ ...message, channel: JOBS_CHANNEL });
        else if (message.channel === MIGRATE_CHANNEL)
          void newestMigration().then(
            (newest) => newest > migration_at_listen && handler(message),
            () => handler(message),
          );
        else if (message.channel !== JOBS_CHANNEL) handler(message);
      };
    return new Proxy(client, {
      get(target, property) {
        switch (property) {
          case 'query':
            return (text: unknown, ...rest: unknown[]) =>
              (target.query as (...args: unknown[]) => unknown)(
                (typeof text === 'string' && statements.get(text)) || text,
                ...rest,
              );
          case 'on':
            return (event: string, handler: NotificationHandler) => {
              if (event !== 'notification') return target.on(event as 'error', handler as never);
              const scoped = scope(handler);
              scoped_handlers.set(handler, scoped);
              return target.on('notification', scoped);
            };
          case 'removeListener':
            return (event: string, handler: NotificationHandler) =>
              target.removeListener(event, (scoped_handlers.get(handler) ?? handler) as never);
          default:
            return boundMember(target, property);
        }
      },
    });
  };
  return new Proxy(pool, {
    get(target, property) {
      if (property !== 'connect') return boundMember(target, property);
      // graphile-worker takes its listening connection with a callback, its job connections
      // with a promise: only the former is scoped.
      return (
        callback?: (error: Error | undefined, client?: PoolClient, done?: unknown) => void,
      ) =>
        callback
          ? target.connect((error, client, done) => {
              if (!client) return callback(error, client, done);
              // Unreadable: every announcement is passed on, as without the scoping.
              void newestMigration()
                .catch(() => Number.NEGATIVE_INFINITY)
                .then((migration_at_listen) =>
                  callback(error, scopedClient(client, migration_at_listen), done),
                );
            })
          : target.connect();
    },
  });
}

function boundMember(target: object, property: string | symbol): unknown {
  const value = Reflect.get(target, property) as unknown;
  return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
}
