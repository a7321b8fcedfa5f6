import type { Pool, PoolClient } from 'pg';
import { ChannelHub } from '@platform/persistence';

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
 * - new jobs: it listens on the queue's own channel instead, and passes those notifications on
 *   as `jobs:insert` ones. The queue's jobs announce themselves there (JobQueue.schedule); a job
 *   becoming due later is found by polling, as before.
 * - migrations: an announcement is passed on only once this schema's newest migration is newer
 *   than when the connection began listening (or cannot be read); another schema's is dropped.
 *
 * It listens through the process's one notification connection (ChannelHub), not its own:
 * PostgreSQL wakes every listening backend of a database on each NOTIFY, whatever its channels,
 * and ten queues' listening connections were woken by every event-store append (6-7% of the
 * server's CPU under a payouts load, for nothing). The worker's connection stays idle; when the
 * shared one is lost, the worker is told as if its own had failed, and listens again.
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
    const scoped_handlers = new Map<NotificationHandler, NotificationHandler>();
    const error_handlers = new Set<(error: Error) => void>();
    const scope =
      (handler: NotificationHandler): NotificationHandler =>
      (message) => {
        if (message.channel === channel) handler({ ...message, channel: JOBS_CHANNEL });
        else if (message.channel === MIGRATE_CHANNEL)
          void newestMigration().then(
            (newest) => newest > migration_at_listen && handler(message),
            () => handler(message),
          );
      };
    const listening = new HubListening(pool, [channel, MIGRATE_CHANNEL], {
      notified: (message) => {
        for (const handler of [...scoped_handlers.values()]) handler(message);
      },
      lost: (error) => {
        for (const handler of [...error_handlers]) handler(error);
      },
    });
    return new Proxy(client, {
      get(target, property) {
        switch (property) {
          case 'query':
            return (text: unknown, ...rest: unknown[]) => {
              if (text === GRAPHILE_LISTEN) return listening.start();
              if (text === GRAPHILE_UNLISTEN) return listening.stop();
              return (target.query as (...args: unknown[]) => unknown)(text, ...rest);
            };
          case 'on':
            return (event: string, handler: NotificationHandler & ((error: Error) => void)) => {
              if (event === 'error') error_handlers.add(handler);
              if (event !== 'notification') return target.on(event as 'error', handler);
              scoped_handlers.set(handler, scope(handler));
              return target;
            };
          case 'removeListener':
            return (event: string, handler: NotificationHandler & ((error: Error) => void)) => {
              if (event === 'error') error_handlers.delete(handler);
              if (event !== 'notification') return target.removeListener(event, handler);
              scoped_handlers.delete(handler);
              return target;
            };
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

interface HubEvents {
  notified(message: Notification): void;
  /** Told once per start, whichever channel's listening was lost first. */
  lost(error: Error): void;
}

/** A worker's channels listened on through the database's ChannelHub, started and stopped whole. */
class HubListening {
  private stops: Array<() => Promise<void>> = [];
  private lost_told = false;

  constructor(
    private readonly pool: Pool,
    private readonly channels: readonly string[],
    private readonly events: HubEvents,
  ) {}

  async start(): Promise<void> {
    await this.stop();
    this.lost_told = false;
    const hub = ChannelHub.of(this.pool);
    for (const channel of this.channels) {
      this.stops.push(
        await hub.listen(channel, {
          notified: (payload) => this.events.notified({ channel, payload }),
          lost: (error) => this.tellLost(error),
        }),
      );
    }
  }

  async stop(): Promise<void> {
    const stops = this.stops.splice(0);
    await Promise.all(stops.map((stop) => stop()));
  }

  private tellLost(error: Error): void {
    // The hub has dropped every listener already; the worker releases this one and listens again.
    this.stops = [];
    if (this.lost_told) return;
    this.lost_told = true;
    this.events.lost(error);
  }
}

function boundMember(target: object, property: string | symbol): unknown {
  const value = Reflect.get(target, property) as unknown;
  return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
}
