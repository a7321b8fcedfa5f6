import type { Pool, PoolClient } from 'pg';
import { ChannelHub, PoisonTracker, preparedQuery } from '@platform/persistence';
import { applyOneByOne } from './one-by-one';
import { addSubscriptionLagGauges } from './subscription-lag';
import { hasHeldBackEvents, readSafeEvents, safeHeadPosition } from './read';
import type { RecordedEvent, SubscribeOptions, Subscription, SubscriptionState } from './types';

export interface SubscriptionContext {
  pool: Pool;
  schema: string;
  notify_channel: string;
}

type WakeMode = 'notification_or_stop' | 'stop_only';

const DEFAULTS = {
  batch_size: 100,
  /**
   * Appends wake a subscription at once (their notification), and events held back by an open
   * transaction are looked for again within HELD_BACK_RECHECK_MS: this poll only covers what
   * neither catches, so it is rare. Every subscription of every service polls while the platform
   * is idle, and at 500 ms they asked the database about 80 times a second for nothing.
   */
  poll_interval_ms: 5_000,
  retry_delay_ms: 1000,
  standby_poll_ms: 1000,
  linger_ms: 0,
};
/** How soon a reader looks again at events held back by a transaction still open. */
const HELD_BACK_RECHECK_MS = 25;
/** The longest wait before an event that keeps failing is tried again. */
const MAX_EVENT_BACKOFF_MS = 30_000;
/**
 * Failures, alone in their transaction, before an event may be set aside: every event after it
 * waits meanwhile, and an event that fails the same way three times alone is not going through.
 */
const EVENT_MAX_ATTEMPTS = 3;

type BatchOutcome =
  | { outcome: 'full' | 'partial'; next_position: string }
  | { outcome: 'failed'; next_position: string; held_back?: RecordedEvent };

/**
 * A catch-up subscription: one connection holds a session advisory lock on the name (standbys
 * retry it), listens for append notifications and, per batch, runs the handler and advances the
 * checkpoint in one transaction, so a projection written through that transaction sees each
 * event exactly once. While it runs, `/metrics` shows how far it is behind (projection_lag_*).
 */
export class CatchUpSubscription implements Subscription {
  private current_state: SubscriptionState = 'starting';
  private stopping = false;
  private woken = false;
  private wake_up: { mode: WakeMode; resolve: () => void } | null = null;
  private readonly running: Promise<void>;
  private readonly settings: typeof DEFAULTS;
  private readonly tracker: PoisonTracker;
  private readonly remove_lag_gauges: () => void;

  constructor(
    private readonly context: SubscriptionContext,
    private readonly options: SubscribeOptions,
  ) {
    this.settings = {
      batch_size: options.batch_size ?? DEFAULTS.batch_size,
      poll_interval_ms: options.poll_interval_ms ?? DEFAULTS.poll_interval_ms,
      retry_delay_ms: options.retry_delay_ms ?? DEFAULTS.retry_delay_ms,
      standby_poll_ms: options.standby_poll_ms ?? DEFAULTS.standby_poll_ms,
      linger_ms: options.linger_ms ?? DEFAULTS.linger_ms,
    };
    this.tracker = new PoisonTracker({
      max_attempts: EVENT_MAX_ATTEMPTS,
      backoff_initial_ms: this.settings.retry_delay_ms,
      backoff_max_ms: Math.max(this.settings.retry_delay_ms, MAX_EVENT_BACKOFF_MS),
      ...options.poison_policy,
    });
    this.remove_lag_gauges = addSubscriptionLagGauges({
      pool: context.pool,
      schema: context.schema,
      name: options.name,
      types: options.types,
      stream_prefix: options.stream_prefix,
    });
    this.running = this.run();
  }

  get name(): string {
    return this.options.name;
  }

  get state(): SubscriptionState {
    return this.current_state;
  }

  async stop(): Promise<void> {
    this.remove_lag_gauges();
    this.stopping = true;
    this.wake_up?.resolve();
    await this.running;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let client: PoolClient | undefined;
      try {
        client = await this.context.pool.connect();
        await this.serve(client);
        client.release();
      } catch (error) {
        // The connection is suspect: destroy it (which also frees the lock) and start over.
        client?.release(error instanceof Error ? error : new Error(String(error)));
        this.report(error);
        await this.sleep(this.settings.retry_delay_ms, 'stop_only');
      }
    }
    this.current_state = 'stopped';
  }

  private async serve(client: PoolClient): Promise<void> {
    if (!(await this.acquireLock(client))) return;
    let listening = await this.listenForAppends();
    try {
      // For this connection's session, which only this subscription uses until it is released.
      if (this.options.synchronous_commit === false) {
        await client.query('set synchronous_commit = off');
      }
      this.current_state = 'active';
      // While this instance holds the name's lock, only it moves the checkpoint: it is read once.
      let position = await this.ensureCheckpoint(client);
      while (!this.stopping) {
        // The listening connection was lost: listen again, then read what it may have missed.
        if (listening.lost) listening = await this.listenForAppends();
        this.woken = false;
        const batch = await this.processBatch(client, position);
        const found_events = batch.next_position !== position;
        position = batch.next_position;
        if (batch.outcome === 'full') continue;
        if (batch.outcome === 'failed') {
          await this.waitAfterFailure(batch.held_back);
          continue;
        }
        // After a batch, appends that follow gather for a while and are read as one batch.
        if (found_events && this.settings.linger_ms > 0)
          await this.sleep(this.settings.linger_ms, 'stop_only');
        // Appended meanwhile (the usual case under load): read again at once, without asking
        // whether events are held back, which only decides how long an idle wait lasts.
        if (this.woken) continue;
        await this.sleep(await this.idleWait_ms(client, position), 'notification_or_stop');
      }
      await client.query('reset synchronous_commit');
      await client.query('select pg_advisory_unlock(hashtext($1), hashtext($2))', this.lockKey());
    } finally {
      await listening.stop();
      if (this.current_state === 'active') this.current_state = 'starting';
    }
  }

  /**
   * Listens for the store's append notifications on the process's one listening connection for
   * the database (see ChannelHub), not on this subscription's own: `lost` is set, and the wait
   * ended, when that connection is gone.
   */
  private async listenForAppends(): Promise<{ lost: Error | null; stop: () => Promise<void> }> {
    const listening: { lost: Error | null; stop: () => Promise<void> } = {
      lost: null,
      stop: async () => undefined,
    };
    listening.stop = await ChannelHub.of(this.context.pool).listen(this.context.notify_channel, {
      notified: () => this.wake(),
      lost: (error) => {
        listening.lost = error;
        this.report(error);
        this.wake();
      },
    });
    return listening;
  }

  /**
   * The wait after a batch that read everything readable: the poll interval, unless events are
   * already written but held back by an open transaction. Their notification will not come again,
   * and the open transaction may be anyone's on the server, so they are looked for again soon.
   */
  private async idleWait_ms(client: PoolClient, position: string): Promise<number> {
    const held_back = await hasHeldBackEvents(client, this.context.schema, {
      from_position: position,
      types: this.options.types,
      stream_prefix: this.options.stream_prefix,
    });
    return held_back
      ? Math.min(HELD_BACK_RECHECK_MS, this.settings.poll_interval_ms)
      : this.settings.poll_interval_ms;
  }

  /** Waits as a standby until this instance holds the name's lock; false when stopped first. */
  private async acquireLock(client: PoolClient): Promise<boolean> {
    while (!this.stopping) {
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtext($1), hashtext($2)) as locked',
        this.lockKey(),
      );
      if (rows[0]?.locked) return true;
      this.current_state = 'standby';
      await this.sleep(this.settings.standby_poll_ms, 'stop_only');
    }
    return false;
  }

  private lockKey(): [string, string] {
    return [`${this.context.schema}.subscriptions`, this.options.name];
  }

  /** Creates the checkpoint unless it exists; returns its position. */
  private async ensureCheckpoint(client: PoolClient): Promise<string> {
    const schema = this.context.schema;
    const start = this.options.from === 'end' ? await safeHeadPosition(client, schema) : '0';
    await client.query(
      `insert into ${schema}.subscription_checkpoints (name, position) values ($1, $2::bigint)
       on conflict (name) do nothing`,
      [this.options.name, start],
    );
    return this.readCheckpoint(client);
  }

  private async readCheckpoint(client: PoolClient): Promise<string> {
    const { rows } = await client.query<{ position: string }>(
      `select position::text from ${this.context.schema}.subscription_checkpoints where name = $1`,
      [this.options.name],
    );
    return rows[0]?.position ?? '0';
  }

  /**
   * Reads the next batch after `from_position` (events are immutable: no transaction needed, and
   * an empty batch costs one statement), then runs the handler and advances the checkpoint in one
   * transaction. The checkpoint row is moved first, only from `from_position`: that locks it
   * before the handler touches any table, in the order a projection rebuild takes them. A batch
   * that fails is, with a dead-letter table, applied again one event at a time (see applyOneByOne).
   */
  private async processBatch(client: PoolClient, from_position: string): Promise<BatchOutcome> {
    const events = await readSafeEvents(client, this.context.schema, {
      from_position,
      limit: this.settings.batch_size,
      types: this.options.types,
      stream_prefix: this.options.stream_prefix,
    });
    const last = events.at(-1);
    if (!last) return { outcome: 'partial', next_position: from_position };
    const outcome = events.length === this.settings.batch_size ? 'full' : 'partial';
    const whole = await this.inCheckpointTransaction(client, from_position, last.position, () =>
      this.options.handler(events, client),
    );
    if (whole.status === 'moved') return { outcome: 'full', next_position: whole.position };
    if (whole.status === 'done') return { outcome, next_position: whole.position };
    const dead_letters = this.options.dead_letters;
    if (!dead_letters) {
      this.report(whole.error);
      return { outcome: 'failed', next_position: from_position };
    }
    const applied: { held_back: RecordedEvent | null } = { held_back: null };
    const one_by_one = await this.inCheckpointTransaction(client, from_position, null, async () => {
      const taken = await applyOneByOne(client, from_position, events, {
        source: this.options.name,
        handler: this.options.handler,
        tracker: this.tracker,
        dead_letters,
        report: (error) => this.report(error),
      });
      applied.held_back = taken.held_back;
      return taken.position;
    });
    if (one_by_one.status === 'moved')
      return { outcome: 'full', next_position: one_by_one.position };
    if (one_by_one.status === 'failed') throw one_by_one.error;
    const { held_back } = applied;
    if (held_back) return { outcome: 'failed', next_position: one_by_one.position, held_back };
    return { outcome, next_position: one_by_one.position };
  }

  /**
   * One transaction that holds the checkpoint row (only if it is still at `from_position`) while
   * `work` runs: moved to `to_position` at once, or (null) to the position `work` returns, once it
   * has. `moved`: something else than this instance moved the checkpoint.
   */
  private async inCheckpointTransaction(
    client: PoolClient,
    from_position: string,
    to_position: string | null,
    work: () => Promise<string | void>,
  ): Promise<
    | { status: 'done'; position: string }
    | { status: 'moved'; position: string }
    | { status: 'failed'; error: unknown }
  > {
    const checkpoints = `${this.context.schema}.subscription_checkpoints`;
    await client.query('begin');
    try {
      const held = await client.query(
        preparedQuery(
          `update ${checkpoints} set position = coalesce($3::bigint, position), updated_at = now()
            where name = $1 and position = $2::bigint`,
          [this.options.name, from_position, to_position],
        ),
      );
      if (held.rowCount !== 1) {
        await client.query('rollback');
        return { status: 'moved', position: await this.readCheckpoint(client) };
      }
      let position = to_position;
      try {
        const reached = await work();
        position ??= reached as string;
      } catch (error) {
        await client.query('rollback');
        return { status: 'failed', error };
      }
      if (to_position === null)
        await client.query(
          preparedQuery(`update ${checkpoints} set position = $2::bigint where name = $1`, [
            this.options.name,
            position,
          ]),
        );
      await client.query('commit');
      return { status: 'done', position: position as string };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  }

  /**
   * After a failure only time (or stop) ends the wait: new events must not hurry a retry. An event
   * that failed as often as allowed waits only for another to go through, so new events end it.
   */
  private async waitAfterFailure(held_back: RecordedEvent | undefined): Promise<void> {
    if (held_back && this.tracker.isExhausted(held_back.event_id)) {
      await this.sleep(this.tracker.waitFor(held_back.event_id), 'notification_or_stop');
      return;
    }
    const wait_ms = held_back ? this.tracker.waitFor(held_back.event_id) : 0;
    await this.sleep(Math.max(this.settings.retry_delay_ms, wait_ms), 'stop_only');
  }

  private wake(): void {
    this.woken = true;
    if (this.wake_up?.mode === 'notification_or_stop') this.wake_up.resolve();
  }

  private async sleep(delay_ms: number, mode: WakeMode): Promise<void> {
    if (this.stopping || (mode === 'notification_or_stop' && this.woken)) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, delay_ms);
      this.wake_up = { mode, resolve: done };
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
    });
    this.wake_up = null;
  }

  private report(error: unknown): void {
    try {
      (this.options.on_error ?? defaultOnError)(error, this.options.name);
    } catch {
      // A failing error reporter must not end the subscription.
    }
  }
}

function defaultOnError(error: unknown, subscription_name: string): void {
  process.emitWarning(
    `subscription ${subscription_name}: ${error instanceof Error ? error.message : String(error)}`,
  );
}
