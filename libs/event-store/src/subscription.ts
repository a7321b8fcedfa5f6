import type { Notification, Pool, PoolClient } from 'pg';
import { readSafeEvents, safeHeadPosition } from './read';
import type { SubscribeOptions, Subscription, SubscriptionState } from './types';

export interface SubscriptionContext {
  pool: Pool;
  schema: string;
  notify_channel: string;
}

type WakeMode = 'notification_or_stop' | 'stop_only';

const DEFAULTS = {
  batch_size: 100,
  poll_interval_ms: 500,
  retry_delay_ms: 1000,
  standby_poll_ms: 1000,
  linger_ms: 0,
};

/**
 * A catch-up subscription: one connection holds a session advisory lock on the name (standbys
 * retry it), listens for append notifications and, per batch, runs the handler and advances the
 * checkpoint in one transaction, so a projection written through that transaction sees each
 * event exactly once.
 */
export class CatchUpSubscription implements Subscription {
  private current_state: SubscriptionState = 'starting';
  private stopping = false;
  private woken = false;
  private wake_up: { mode: WakeMode; resolve: () => void } | null = null;
  private readonly running: Promise<void>;
  private readonly settings: typeof DEFAULTS;

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
    this.running = this.run();
  }

  get name(): string {
    return this.options.name;
  }

  get state(): SubscriptionState {
    return this.current_state;
  }

  async stop(): Promise<void> {
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
    const listener = (message: Notification): void => {
      if (message.channel === this.context.notify_channel) this.wake();
    };
    client.on('notification', listener);
    try {
      await client.query(`listen ${this.context.notify_channel}`);
      // For this connection's session, which only this subscription uses until it is released.
      if (this.options.synchronous_commit === false) {
        await client.query('set synchronous_commit = off');
      }
      this.current_state = 'active';
      // While this instance holds the name's lock, only it moves the checkpoint: it is read once.
      let position = await this.ensureCheckpoint(client);
      while (!this.stopping) {
        this.woken = false;
        const { outcome, next_position } = await this.processBatch(client, position);
        const found_events = next_position !== position;
        position = next_position;
        if (outcome === 'full') continue;
        // After a failure only time (or stop) ends the wait: new events must not hurry a retry.
        if (outcome === 'failed') {
          await this.sleep(this.settings.retry_delay_ms, 'stop_only');
          continue;
        }
        // After a batch, appends that follow gather for a while and are read as one batch.
        if (found_events && this.settings.linger_ms > 0)
          await this.sleep(this.settings.linger_ms, 'stop_only');
        await this.sleep(this.settings.poll_interval_ms, 'notification_or_stop');
      }
      await client.query(`unlisten ${this.context.notify_channel}`);
      await client.query('reset synchronous_commit');
      await client.query('select pg_advisory_unlock(hashtext($1), hashtext($2))', this.lockKey());
    } finally {
      client.off('notification', listener);
      if (this.current_state === 'active') this.current_state = 'starting';
    }
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
   * before the handler touches any table, in the order a projection rebuild takes them.
   */
  private async processBatch(
    client: PoolClient,
    from_position: string,
  ): Promise<{ outcome: 'full' | 'partial' | 'failed'; next_position: string }> {
    const schema = this.context.schema;
    const events = await readSafeEvents(client, schema, {
      from_position,
      limit: this.settings.batch_size,
      types: this.options.types,
      stream_prefix: this.options.stream_prefix,
    });
    const last = events.at(-1);
    if (!last) return { outcome: 'partial', next_position: from_position };
    await client.query('begin');
    try {
      const moved = await client.query(
        `update ${schema}.subscription_checkpoints set position = $3::bigint, updated_at = now()
          where name = $1 and position = $2::bigint`,
        [this.options.name, from_position, last.position],
      );
      if (moved.rowCount !== 1) {
        // Moved by something else than this instance: start again from where it is now.
        await client.query('rollback');
        return { outcome: 'full', next_position: await this.readCheckpoint(client) };
      }
      try {
        await this.options.handler(events, client);
      } catch (error) {
        await client.query('rollback');
        this.report(error);
        return { outcome: 'failed', next_position: from_position };
      }
      await client.query('commit');
      const outcome = events.length === this.settings.batch_size ? 'full' : 'partial';
      return { outcome, next_position: last.position };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
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
