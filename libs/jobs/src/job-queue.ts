import {
  assertIdentifier,
  createPool,
  describeFailure,
  isTransientFailure,
  type DeadLetters,
} from '@platform/persistence';
import {
  type JobHelpers,
  type Logger,
  type Runner,
  type TaskList,
  run,
  runMigrations,
} from 'graphile-worker';
import type { ClientBase, Pool } from 'pg';
import { type RecurringJob, toParsedCronItems } from './crontab';
import { type JobLogLevel, type JobLogger, graphileLogger } from './logger';
import { wakeUpChannelOf, withScopedNotifications } from './scoped-notifications';

export type JobPayload = Record<string, unknown>;

/** What a handler learns about the job it runs. `attempt` counts from 1. */
export interface JobContext {
  job_id: string;
  task: string;
  attempt: number;
  max_attempts: number;
  job_key: string | null;
  run_at: Date;
  /** Aborted when the worker is shutting down; long handlers should stop early. */
  abort_signal: AbortSignal;
}

/** A handler that throws is retried with exponential backoff until `max_attempts`. */
export type JobHandler<P = JobPayload> = (payload: P, context: JobContext) => Promise<void>;

/** Handlers by task name. `never` lets each handler declare its own payload type. */
export type JobTasks = Readonly<Record<string, JobHandler<never>>>;

/**
 * `replace` (default): a pending job with the same key is updated (payload, run_at, ...);
 * `preserve_run_at`: updated but keeps its run_at; `unsafe_dedupe`: the new one is dropped
 * if any job with that key exists, even running or failed.
 */
export type JobKeyMode = 'replace' | 'preserve_run_at' | 'unsafe_dedupe';

export interface ScheduleOptions {
  /** When to run; default now. */
  run_at?: Date;
  /** Delay from the database's now(); ignored when run_at is given. */
  delay_ms?: number;
  /** At most one pending job per key: see JobKeyMode. */
  job_key?: string;
  job_key_mode?: JobKeyMode;
  /** Default 25. */
  max_attempts?: number;
  /** Jobs in one named queue run one at a time, in order. */
  queue_name?: string;
  /** Lower runs first; default 0. */
  priority?: number;
}

export interface ScheduledJob {
  job_id: string;
  task: string;
  run_at: Date;
  job_key: string | null;
  max_attempts: number;
}

export interface JobQueueOptions {
  /** A pool the caller owns (not ended by stop), or a URL for a pool the queue owns. */
  pool?: Pool;
  connection_url?: string;
  /** graphile-worker's schema; one per service, e.g. `payouts_jobs`. */
  schema: string;
  /** Jobs run at once by this process; default 1. */
  concurrency?: number;
  /** How often to look for jobs that became due; new jobs are also announced by NOTIFY. Default 2000. */
  poll_interval_ms?: number;
  logger?: JobLogger;
  /** Default `warn`: graphile-worker's routine messages are info. */
  log_level?: JobLogLevel;
  /** Recurring jobs, scheduled once per tick across every running worker. */
  crontab?: readonly RecurringJob[];
  /**
   * A job that fails its last attempt (not for a transient reason: database or bus down) is set
   * aside there with the reason and its payload (D12), source `job:<task>`; the queue goes on.
   * Without it, graphile-worker keeps it as a permanently failed job.
   */
  dead_letters?: DeadLetters;
}

export interface JobQueue {
  readonly schema: string;
  /** Installs or upgrades graphile-worker's tables; start and schedule call it when needed. */
  migrate(): Promise<void>;
  start(tasks: JobTasks): Promise<void>;
  schedule(task: string, payload: JobPayload, options?: ScheduleOptions): Promise<ScheduledJob>;
  /** Adds the job on the caller's client: it exists only if the caller's transaction commits. */
  scheduleInTransaction(
    client: ClientBase,
    task: string,
    payload: JobPayload,
    options?: ScheduleOptions,
  ): Promise<ScheduledJob>;
  /** Removes a pending job by key; a job already running finishes. */
  cancel(job_key: string): Promise<void>;
  /** Waits for running jobs, stops the worker, and ends the pool if the queue made it. */
  stop(): Promise<void>;
}

interface AddedJobRow {
  id: string;
  task: string;
  run_at: Date;
  key: string | null;
  max_attempts: number;
}

/** The exit code graphile-worker sets when it stops on a migration announcement. */
const GRAPHILE_MIGRATION_EXIT_CODE = 57;

export function createJobQueue(options: JobQueueOptions): JobQueue {
  return new PgJobQueue(options);
}

class PgJobQueue implements JobQueue {
  readonly schema: string;
  private readonly pool: Pool;
  private readonly owns_pool: boolean;
  private readonly logger: Logger;
  private migration: Promise<void> | null = null;
  private runner: Runner | null = null;
  private stopped = false;

  constructor(private readonly options: JobQueueOptions) {
    this.schema = assertIdentifier(options.schema);
    if (options.pool && options.connection_url)
      throw new Error('createJobQueue: give pool or connection_url, not both');
    if (options.pool) {
      this.pool = options.pool;
      this.owns_pool = false;
    } else if (options.connection_url) {
      const concurrency = options.concurrency ?? 1;
      // The worker holds one connection for its listener (idle: it listens through the process's
      // ChannelHub), one per running job, and room for schedule().
      this.pool = createPool({
        url: options.connection_url,
        max_connections: concurrency + 3,
        application_name: this.schema,
      });
      this.owns_pool = true;
    } else {
      throw new Error('createJobQueue needs pool or connection_url');
    }
    this.logger = graphileLogger(this.schema, options.logger, options.log_level);
    installErrorHandlers(this.pool, this.logger);
  }

  migrate(): Promise<void> {
    this.migration ??= runMigrations({
      pgPool: this.pool,
      schema: this.schema,
      logger: this.logger,
    }).catch((error: unknown) => {
      this.migration = null;
      throw error;
    });
    return this.migration;
  }

  async start(tasks: JobTasks): Promise<void> {
    if (this.runner) throw new Error(`job queue ${this.schema} is already started`);
    if (this.stopped) throw new Error(`job queue ${this.schema} was stopped; create a new one`);
    const crontab = this.options.crontab ?? [];
    for (const entry of crontab) {
      if (!tasks[entry.task])
        throw new Error(`crontab entry names task "${entry.task}", which has no handler`);
    }
    await this.migrate();
    await this.runWorker(tasks, crontab);
  }

  private async runWorker(tasks: JobTasks, crontab: readonly RecurringJob[]): Promise<void> {
    const concurrency = this.options.concurrency ?? 1;
    const runner = await run({
      pgPool: withScopedNotifications(this.pool, this.schema),
      schema: this.schema,
      concurrency,
      pollInterval: this.options.poll_interval_ms ?? 2000,
      // Without a local queue each of the `concurrency` workers polls on its own: an idle queue
      // of four workers polling every 200 ms sent 20 queries a second, and the platform runs a
      // dozen queues. With it the process polls once per interval and hands jobs out itself;
      // `concurrency + 1` (graphile-worker's advice) locks one job more than it runs at once.
      preset: { worker: { localQueue: { size: concurrency + 1 } } },
      logger: this.logger,
      // The host process owns shutdown; a library must not install signal handlers.
      noHandleSignals: true,
      taskList: toTaskList(tasks, this.options.dead_letters),
      parsedCronItems: toParsedCronItems(crontab),
    });
    this.runner = runner;
    runner.promise.then(
      () => this.restartAfterForeignMigration(runner, tasks, crontab),
      (error: unknown) => {
        this.logger.error(`job worker for ${this.schema} stopped unexpectedly`, { error });
      },
    );
  }

  /**
   * graphile-worker announces a schema migration on one database-wide channel, and every running
   * worker of the database shuts down on it, whatever its schema (and marks the process to exit
   * with code 57). withScopedNotifications passes on only the migrations of this queue's own
   * schema; should another reach the worker (its schema could not be read), this one starts
   * again. Its own schema migrated by a newer, incompatible worker makes the restart fail its
   * migration check, which is logged.
   */
  private restartAfterForeignMigration(
    runner: Runner,
    tasks: JobTasks,
    crontab: readonly RecurringJob[],
  ): void {
    if (this.stopped || this.runner !== runner) return;
    if (process.exitCode === GRAPHILE_MIGRATION_EXIT_CODE) process.exitCode = undefined;
    this.logger.warn(
      `job worker for ${this.schema} stopped on a migration announcement; restarting`,
    );
    this.runner = null;
    this.runWorker(tasks, crontab).catch((error: unknown) => {
      this.logger.error(`job worker for ${this.schema} could not restart`, { error });
    });
  }

  async schedule(
    task: string,
    payload: JobPayload,
    options: ScheduleOptions = {},
  ): Promise<ScheduledJob> {
    await this.migrate();
    return this.addJob(this.pool, task, payload, options);
  }

  async scheduleInTransaction(
    client: ClientBase,
    task: string,
    payload: JobPayload,
    options: ScheduleOptions = {},
  ): Promise<ScheduledJob> {
    // Migrating on the caller's client would tie graphile's DDL to the caller's transaction.
    await this.migrate();
    return this.addJob(client, task, payload, options);
  }

  async cancel(job_key: string): Promise<void> {
    await this.migrate();
    await this.pool.query(`select ${this.schema}.remove_job($1::text)`, [job_key]);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const runner = this.runner;
    this.runner = null;
    if (runner) await runner.stop();
    if (this.owns_pool) await this.pool.end();
  }

  private async addJob(
    client: Pick<ClientBase, 'query'>,
    task: string,
    payload: JobPayload,
    options: ScheduleOptions,
  ): Promise<ScheduledJob> {
    // Announced on this queue's own channel (withScopedNotifications), with the job's transaction.
    const { rows } = await client.query<AddedJobRow>(
      `select job.id::text as id, $1::text as task, job.run_at, job.key, job.max_attempts,
              pg_notify($10::text, '{"count":1}')
         from ${this.schema}.add_job(
           identifier => $1::text,
           payload => $2::json,
           run_at => coalesce($3::timestamptz, now() + $4::double precision * interval '1 millisecond'),
           max_attempts => $5::int,
           job_key => $6::text,
           job_key_mode => $7::text,
           queue_name => $8::text,
           priority => $9::int
         ) as job`,
      [
        task,
        JSON.stringify(payload),
        options.run_at ?? null,
        options.delay_ms ?? 0,
        options.max_attempts ?? null,
        options.job_key ?? null,
        options.job_key_mode ?? 'replace',
        options.queue_name ?? null,
        options.priority ?? null,
        wakeUpChannelOf(this.schema),
      ],
    );
    const row = rows[0];
    if (!row) throw new Error(`add_job returned no job for task ${task}`);
    return {
      job_id: row.id,
      task: row.task,
      run_at: row.run_at,
      job_key: row.key,
      max_attempts: row.max_attempts,
    };
  }
}

/**
 * A connection that dies while idle or checked out emits 'error'; unhandled, that kills the
 * process. graphile-worker warns on stderr when a pool lacks these, so install them first.
 */
function installErrorHandlers(pool: Pool, logger: Logger): void {
  if (pool.listeners('error').length === 0) {
    pool.on('error', (error) =>
      logger.error(`idle PostgreSQL client failed: ${error.message}`, { error }),
    );
  }
  if (pool.listeners('connect').length === 0) {
    pool.on('connect', (client) =>
      client.on('error', (error) =>
        logger.error(`PostgreSQL client failed: ${error.message}`, { error }),
      ),
    );
  }
}

function toTaskList(tasks: JobTasks, dead_letters: DeadLetters | undefined): TaskList {
  return Object.fromEntries(
    Object.entries(tasks).map(([task, handler]) => [
      task,
      async (payload: unknown, helpers: JobHelpers) => {
        const context = toJobContext(helpers);
        try {
          await handler(payload as never, context);
        } catch (error) {
          const last = context.attempt >= context.max_attempts;
          if (!dead_letters || !last || isTransientFailure(error)) throw error;
          await dead_letters.record({
            source: `job:${task}`,
            record_key: context.job_id,
            reason: describeFailure(error),
            payload,
            attempts: context.attempt,
          });
        }
      },
    ]),
  );
}

function toJobContext(helpers: JobHelpers): JobContext {
  const { job } = helpers;
  return {
    job_id: String(job.id),
    task: job.task_identifier,
    attempt: job.attempts,
    max_attempts: job.max_attempts,
    job_key: job.key,
    run_at: job.run_at,
    abort_signal: helpers.abortSignal,
  };
}
