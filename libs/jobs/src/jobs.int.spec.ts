import { createPool, DeadLetters, withTransaction } from '@platform/persistence';
import { type TestDatabase, createTestDatabase } from '@platform/testing';
import type { Pool } from 'pg';
import {
  EVERY_MINUTE,
  type JobContext,
  type JobLogger,
  type JobQueue,
  type JobQueueOptions,
  createJobQueue,
} from './index';

/** Graphile-worker logs every retry as an error; the tests expect those, so they go nowhere. */
const silent: JobLogger = {
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
};
const HOUR_MS = 3_600_000;

interface Run {
  label: string;
  worker: string;
  attempt: number;
  outcome: string;
}

describe('job queue on PostgreSQL', () => {
  let database: TestDatabase;
  let pool: Pool;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('jobs');
    pool = createPool({ url: database.url, max_connections: 4 });
    await pool.query(`create table runs (
      id bigserial primary key, schema_name text not null, label text not null,
      worker text not null, attempt int not null, outcome text not null)`);
  });

  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
  });

  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  function queue(schema: string, options: Partial<JobQueueOptions> = {}): JobQueue {
    const created = createJobQueue({
      connection_url: options.pool ? undefined : database.url,
      schema,
      poll_interval_ms: 100,
      logger: silent,
      ...options,
    });
    queues.push(created);
    return created;
  }

  /** A handler that records each run; `fail_until_attempt` makes earlier attempts throw. */
  function recorder(schema: string, worker: string, fail_until_attempt = 0) {
    return async (payload: { label: string }, context: JobContext): Promise<void> => {
      const failing = context.attempt < fail_until_attempt;
      await pool.query(
        'insert into runs (schema_name, label, worker, attempt, outcome) values ($1, $2, $3, $4, $5)',
        [schema, payload.label, worker, context.attempt, failing ? 'failed' : 'ok'],
      );
      if (failing) throw new Error(`planned failure on attempt ${context.attempt}`);
    };
  }

  async function runs(schema: string): Promise<Run[]> {
    const { rows } = await pool.query<Run>(
      'select label, worker, attempt, outcome from runs where schema_name = $1 order by id',
      [schema],
    );
    return rows;
  }

  async function pendingJobs(
    schema: string,
  ): Promise<
    Array<{ key: string | null; attempts: number; future: boolean; last_error: string | null }>
  > {
    const { rows } = await pool.query(
      `select key, attempts, run_at > now() as future, last_error from ${schema}.jobs order by id`,
    );
    return rows;
  }

  /** Polls until the check passes; bounded so a broken worker fails the test instead of hanging it. */
  async function eventually<T>(
    read: () => Promise<T>,
    done: (value: T) => boolean,
    limit_ms = 60_000,
  ): Promise<T> {
    const deadline = Date.now() + limit_ms;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline)
        throw new Error(`condition not reached; last value ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * Runs a marker job and waits until it is done with (its row gone, not merely its handler run):
   * every job that was due before it has had its turn, and the marker is no longer pending.
   */
  async function drain(schema: string, jobs: JobQueue): Promise<void> {
    const label = `sentinel-${Math.random()}`;
    await jobs.schedule('record', { label }, { priority: 100, job_key: label });
    await eventually(
      () => pendingJobs(schema),
      (rows) => !rows.some((row) => row.key === label),
    );
  }

  it('runs a job whose time has come and leaves a future one pending until rescheduled', async () => {
    const jobs = queue('delayed_jobs');
    const later = await jobs.schedule(
      'record',
      { label: 'later' },
      { run_at: new Date(Date.now() + HOUR_MS), job_key: 'later' },
    );
    await jobs.schedule('record', { label: 'delayed' }, { delay_ms: HOUR_MS });
    await jobs.schedule('record', { label: 'overdue' }, { run_at: new Date(Date.now() - 60_000) });
    await jobs.start({ record: recorder('delayed_jobs', 'w1') });

    await eventually(
      () => runs('delayed_jobs'),
      (rows) => rows.some((row) => row.label === 'overdue'),
    );
    await drain('delayed_jobs', jobs);
    expect((await runs('delayed_jobs')).map((row) => row.label)).not.toContain('later');
    expect((await runs('delayed_jobs')).map((row) => row.label)).not.toContain('delayed');
    expect(await pendingJobs('delayed_jobs')).toEqual([
      { key: 'later', attempts: 0, future: true, last_error: null },
      { key: null, attempts: 0, future: true, last_error: null },
    ]);

    // Same key, replace mode: the pending job is moved, not duplicated.
    const moved = await jobs.schedule(
      'record',
      { label: 'later' },
      { run_at: new Date(Date.now() - 1000), job_key: 'later' },
    );
    expect(moved.job_id).toBe(later.job_id);
    await eventually(
      () => runs('delayed_jobs'),
      (rows) => rows.some((row) => row.label === 'later'),
    );
    await drain('delayed_jobs', jobs);
    expect((await runs('delayed_jobs')).filter((row) => row.label === 'later')).toHaveLength(1);
    expect((await pendingJobs('delayed_jobs')).map((job) => job.key)).toEqual([null]);
  });

  it('dedupes on job_key: unsafe_dedupe keeps the first job, cancel removes it', async () => {
    const jobs = queue('dedupe_jobs');
    const run_at = new Date(Date.now() + HOUR_MS);
    const first = await jobs.schedule(
      'record',
      { label: 'first' },
      { run_at, job_key: 'k', job_key_mode: 'unsafe_dedupe' },
    );
    const second = await jobs.schedule(
      'record',
      { label: 'second' },
      { run_at, job_key: 'k', job_key_mode: 'unsafe_dedupe' },
    );
    expect(second.job_id).toBe(first.job_id);
    const { rows } = await pool.query(
      `select payload->>'label' as label from dedupe_jobs._private_jobs`,
    );
    expect(rows).toEqual([{ label: 'first' }]);
    await jobs.cancel('k');
    expect(await pendingJobs('dedupe_jobs')).toEqual([]);
  });

  it('a job left by a stopped worker runs on a new worker', async () => {
    const first = queue('restart_jobs');
    await first.start({ record: recorder('restart_jobs', 'first') });
    const job = await first.schedule('record', { label: 'survivor' }, { delay_ms: HOUR_MS });
    await first.stop();

    // The hour passes while no worker is running.
    await pool.query('select restart_jobs.reschedule_jobs(array[$1::bigint], run_at := now())', [
      job.job_id,
    ]);
    const second = queue('restart_jobs');
    await second.start({ record: recorder('restart_jobs', 'second') });
    await eventually(
      () => runs('restart_jobs'),
      (rows) => rows.length > 0,
    );
    await drain('restart_jobs', second);
    expect((await runs('restart_jobs')).filter((row) => row.label === 'survivor')).toEqual([
      { label: 'survivor', worker: 'second', attempt: 1, outcome: 'ok' },
    ]);
  });

  it('two workers on one queue run each of 20 jobs exactly once', async () => {
    const worker_a = queue('shared_jobs', { concurrency: 2 });
    const worker_b = queue('shared_jobs', { concurrency: 2 });
    const slow_recorder = (worker: string) => {
      const record = recorder('shared_jobs', worker);
      return async (payload: { label: string }, context: JobContext) => {
        await record(payload, context);
        // Holding the job a moment lets the other worker's fetches overlap with it.
        await new Promise((resolve) => setTimeout(resolve, 20));
      };
    };
    await Promise.all([
      worker_a.start({ record: slow_recorder('a') }),
      worker_b.start({ record: slow_recorder('b') }),
    ]);
    const labels = Array.from({ length: 20 }, (_unused, index) => `job-${index}`);
    await Promise.all(
      labels.map((label, index) => (index % 2 ? worker_a : worker_b).schedule('record', { label })),
    );

    await eventually(
      async () => ({
        ran: (await runs('shared_jobs')).length,
        pending: (await pendingJobs('shared_jobs')).length,
      }),
      ({ ran, pending }) => ran >= 20 && pending === 0,
    );
    const ran = await runs('shared_jobs');
    expect(ran.map((row) => row.label).sort()).toEqual([...labels].sort());
    expect(ran.every((row) => row.attempt === 1 && row.outcome === 'ok')).toBe(true);
  });

  it('retries a failing job, and stops after max_attempts', async () => {
    const jobs = queue('retry_jobs');
    await jobs.schedule('flaky', { label: 'flaky' });
    await jobs.schedule('doomed', { label: 'doomed' }, { max_attempts: 1, job_key: 'doomed' });
    await jobs.start({
      flaky: recorder('retry_jobs', 'w', 2),
      doomed: recorder('retry_jobs', 'w', Number.MAX_SAFE_INTEGER),
      record: recorder('retry_jobs', 'w'),
    });

    await eventually(
      () => runs('retry_jobs'),
      (rows) => rows.some((row) => row.label === 'flaky' && row.outcome === 'ok'),
    );
    await drain('retry_jobs', jobs);
    const ran = await runs('retry_jobs');
    expect(
      ran.filter((row) => row.label === 'flaky').map((row) => [row.attempt, row.outcome]),
    ).toEqual([
      [1, 'failed'],
      [2, 'ok'],
    ]);
    expect(
      ran.filter((row) => row.label === 'doomed').map((row) => [row.attempt, row.outcome]),
    ).toEqual([[1, 'failed']]);
    const [doomed] = await pendingJobs('retry_jobs');
    expect(doomed).toMatchObject({ key: 'doomed', attempts: 1 });
    expect(doomed?.last_error).toContain('planned failure on attempt 1');
  });

  it('sets a job that fails its last attempt aside as a dead letter and goes on', async () => {
    await DeadLetters.migrate(pool, 'job_letters');
    const dead_letters = new DeadLetters(pool, 'job_letters');
    const jobs = queue('lettered_jobs', { dead_letters });
    await jobs.schedule('doomed', { label: 'doomed' }, { max_attempts: 2 });
    await jobs.start({
      doomed: recorder('lettered_jobs', 'w', Number.MAX_SAFE_INTEGER),
      record: recorder('lettered_jobs', 'w'),
    });

    const { dead_letters: letters } = await eventually(
      () => dead_letters.list({ limit: 10, offset: 0 }),
      (page) => page.total > 0,
    );
    expect(letters).toEqual([
      expect.objectContaining({
        source: 'job:doomed',
        reason: 'Error: planned failure on attempt 2',
        payload: { label: 'doomed' },
        attempts: 2,
      }),
    ]);
    // The queue keeps no failed job behind and runs the next ones.
    await drain('lettered_jobs', jobs);
    expect(await pendingJobs('lettered_jobs')).toEqual([]);
  });

  it('scheduleInTransaction: the job exists only if the transaction commits', async () => {
    // The service's own pool, as a service would share it; stop() must leave it open.
    const jobs = queue('tx_jobs', { pool });
    await jobs.migrate();
    await pool.query('create table tx_payouts (id text primary key)');

    await withTransaction(pool, async (client) => {
      await client.query(`insert into tx_payouts values ('po_committed')`);
      await jobs.scheduleInTransaction(client, 'record', { label: 'committed' });
      // Not visible to anyone else until commit.
      expect(await pendingJobs('tx_jobs')).toEqual([]);
    });
    await expect(
      withTransaction(pool, async (client) => {
        await client.query(`insert into tx_payouts values ('po_rolled_back')`);
        await jobs.scheduleInTransaction(client, 'record', { label: 'rolled_back' });
        throw new Error('payout rejected after scheduling');
      }),
    ).rejects.toThrow('payout rejected');

    await jobs.start({ record: recorder('tx_jobs', 'w') });
    await eventually(
      () => runs('tx_jobs'),
      (rows) => rows.some((row) => row.label === 'committed'),
    );
    await drain('tx_jobs', jobs);
    expect((await runs('tx_jobs')).map((row) => row.label)).not.toContain('rolled_back');
    expect(await pendingJobs('tx_jobs')).toEqual([]);
    expect((await pool.query('select id from tx_payouts')).rows).toEqual([{ id: 'po_committed' }]);
  });

  it('recurring job: ticks missed during downtime are backfilled once each across two workers', async () => {
    const crontab = [{ task: 'tick', schedule: EVERY_MINUTE, backfill_period_ms: 10 * 60_000 }];
    const worker_a = queue('cron_jobs', { crontab });
    const worker_b = queue('cron_jobs', { crontab });
    await worker_a.migrate();
    // The crontab last fired three minutes ago; every worker was down since.
    const minute_ms = Math.floor(Date.now() / 60_000) * 60_000;
    await pool.query(
      `insert into cron_jobs._private_known_crontabs (identifier, known_since, last_execution)
       values ('tick', $1, $2)`,
      [new Date(minute_ms - HOUR_MS), new Date(minute_ms - 3 * 60_000)],
    );
    const tick =
      (worker: string) => async (payload: { _cron: { ts: string } }, context: JobContext) =>
        recorder('cron_jobs', worker)({ label: payload._cron.ts }, context);
    await Promise.all([worker_a.start({ tick: tick('a') }), worker_b.start({ tick: tick('b') })]);

    const missed = [2, 1, 0].map((minutes_ago) =>
      new Date(minute_ms - minutes_ago * 60_000).toISOString(),
    );
    await eventually(
      async () => ({
        labels: (await runs('cron_jobs')).map((row) => row.label),
        pending: (await pendingJobs('cron_jobs')).length,
      }),
      ({ labels, pending }) => missed.every((ts) => labels.includes(ts)) && pending === 0,
    );
    const labels = (await runs('cron_jobs')).map((row) => row.label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('polls once per interval when idle, however many jobs it runs at once, and still runs them side by side', async () => {
    // Every query a connection of the queue's pool sends for jobs is counted.
    const queue_pool = createPool({ url: database.url, max_connections: 8 });
    let job_queries = 0;
    queue_pool.on('connect', (client) => {
      client.on('error', () => undefined);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: typeof query }).query = (...args: unknown[]) => {
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text;
        if (text?.includes('_private_jobs') && text.includes('is_available')) job_queries += 1;
        return query(...args);
      };
    });
    const started: string[] = [];
    let release: () => void = () => undefined;
    const all_started = new Promise<void>((resolve) => (release = resolve));
    const jobs = queue('idle_jobs', { pool: queue_pool, concurrency: 4, poll_interval_ms: 100 });
    await jobs.start({
      // Each job waits until all four run: it passes only if four run at once.
      hold: async (payload: { label: string }) => {
        started.push(payload.label);
        if (started.length === 4) release();
        await all_started;
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before_window = job_queries;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // Ten intervals idle: about ten queries for the whole queue; four workers polling each on
    // their own sent about forty.
    const idle_queries = job_queries - before_window;
    expect(idle_queries).toBeGreaterThan(0);
    expect(idle_queries).toBeLessThanOrEqual(20);
    await Promise.all(['a', 'b', 'c', 'd'].map((label) => jobs.schedule('hold', { label })));
    await all_started;
    expect([...started].sort()).toEqual(['a', 'b', 'c', 'd']);
    await jobs.stop();
    await queue_pool.end();
  });

  it('wakes its own workers on its own jobs only, not on every job of the database', async () => {
    // Polls ten minutes apart: only a notification can bring a job to either worker in time.
    const own = queue('woken_jobs', { poll_interval_ms: 600_000 });
    const other = queue('unwoken_jobs', { poll_interval_ms: 600_000 });
    // A sentinel each, queued before the workers start: a worker's first look for jobs (at
    // start) finds it, whether or not its LISTEN is up yet, which start() does not wait for.
    await Promise.all([own.migrate(), other.migrate()]);
    const sentinels = ['sentinel-own', 'sentinel-other'];
    await own.schedule('record', { label: sentinels[0] }, { job_key: sentinels[0] });
    await other.schedule('record', { label: sentinels[1] }, { job_key: sentinels[1] });
    await Promise.all([
      own.start({ record: recorder('woken_jobs', 'w') }),
      other.start({ record: recorder('unwoken_jobs', 'w') }),
    ]);
    // Each worker has looked for jobs once and is idle now, listening.
    for (const [schema, label] of [
      ['woken_jobs', sentinels[0]],
      ['unwoken_jobs', sentinels[1]],
    ] as const) {
      await eventually(
        () => pendingJobs(schema),
        (rows) => !rows.some((row) => row.key === label),
      );
    }
    // A job added with graphile-worker's own function announces itself database-wide only.
    await pool.query(`select unwoken_jobs.add_job('record', '{"label":"global-announcement"}')`);
    await own.schedule('record', { label: 'own-announcement' });
    await eventually(
      () => runs('woken_jobs'),
      (rows) => rows.some((row) => row.label === 'own-announcement'),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await runs('unwoken_jobs')).map((row) => row.label)).not.toContain(
      'global-announcement',
    );
    expect(await pendingJobs('unwoken_jobs')).toHaveLength(1);
  });

  it("is woken through the process's one notification connection, and again after that connection is lost", async () => {
    // Polls ten minutes apart: only a notification brings a job in time.
    const jobs = queue('hub_jobs', { poll_interval_ms: 600_000 });
    await jobs.start({ record: recorder('hub_jobs', 'w') });
    // start() does not wait for the listening: probes are scheduled until one from `first` on has
    // run (a notification wakes the worker for every probe pending then).
    let probes = 0;
    const probeNumber = (label: string) => Number(label.replace('probe-', ''));
    const wokenProbe = (first: number) =>
      eventually(
        async () => {
          await jobs.schedule('record', { label: `probe-${(probes += 1)}` });
          await new Promise((resolve) => setTimeout(resolve, 100));
          return runs('hub_jobs');
        },
        (rows) => rows.some((row) => probeNumber(row.label) >= first),
        20_000,
      );
    await wokenProbe(1);
    // PostgreSQL wakes every listening backend on each NOTIFY of the database: the queue's own
    // connections listen on nothing, the shared one listens for it.
    const listening = await pool.query<{ application_name: string }>(
      `select application_name from pg_stat_activity
        where datname = current_database() and query ilike 'listen%'`,
    );
    expect(listening.rows.map((row) => row.application_name)).not.toContain('hub_jobs');
    // The worker has run what was pending and is idle: only a notification brings the next probe.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { rowCount } = await pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = 'event-notifications'`,
    );
    expect(rowCount).toBe(1);
    await wokenProbe(probes + 1);
  });

  it("keeps running, undisturbed, when another queue's schema is migrated in the same database", async () => {
    // graphile-worker announces every schema's migration database-wide, and a worker stops on it.
    const warnings: string[] = [];
    const jobs = queue('steady_jobs', {
      logger: { ...silent, warn: (_meta, message) => void warnings.push(message) },
      log_level: 'warn',
    });
    await jobs.start({ record: recorder('steady_jobs', 'w1') });
    const exit_code_before = process.exitCode;
    await queue('newcomer_jobs').migrate();
    await jobs.schedule('record', { label: 'after-migration' });
    await eventually(
      () => runs('steady_jobs'),
      (rows) => rows.some((row) => row.label === 'after-migration'),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(process.exitCode).toBe(exit_code_before);
    // Not stopped and restarted: the announcements of another schema never reached the worker.
    expect(warnings.filter((warning) => /migration/.test(warning))).toEqual([]);
  });

  it('refuses a crontab entry without handler or with a bad pattern', async () => {
    await expect(
      queue('bad_cron_jobs', { crontab: [{ task: 'missing', schedule: EVERY_MINUTE }] }).start({}),
    ).rejects.toThrow(/"missing", which has no handler/);
    await expect(
      queue('bad_cron_jobs', { crontab: [{ task: 'tick', schedule: 'every minute' }] }).start({
        tick: async () => undefined,
      }),
    ).rejects.toThrow();
  });
});
