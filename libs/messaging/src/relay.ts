import type { Pool, PoolClient } from 'pg';
import {
  ChannelHub,
  PoisonTracker,
  takeInOrder,
  type DeadLetters,
  type PoisonPolicy,
} from '@platform/persistence';
import type { MessageBus, OutgoingMessage } from './bus';
import { backoffAfter, type RetryBackoff } from './retry';

/** One message of a relay source, in the order it must be published. */
export interface RelayRow {
  /** The row's position in the source, as text (a bigint). */
  position: string;
  topic: string;
  message: OutgoingMessage;
}

/** A table of messages to publish: an outbox, or anything shaped like one. */
export interface RelaySource {
  /** NOTIFY channel announcing new rows; the relay also polls, so missing one costs a poll. */
  readonly channel: string | null;
  /** Advisory lock naming the source: one relay at a time publishes it, so order holds. */
  readonly lock_name: string;
  /** The first unpublished rows, in order. */
  pending(client: PoolClient, limit: number): Promise<RelayRow[]>;
  markPublished(client: PoolClient, rows: RelayRow[]): Promise<void>;
  /** Deletes what no longer needs keeping; called now and then. */
  prune?(client: PoolClient): Promise<void>;
}

export interface RelayOptions {
  pool: Pool;
  bus: MessageBus;
  source: RelaySource;
  /** Rows per transaction. Default 100. */
  batch_size?: number;
  /** Wait between looks when no notification comes. Default 1000. */
  poll_interval_ms?: number;
  /**
   * After a batch that was not full, how long rows gather before the next look, whatever
   * notifications come meanwhile: under load a transaction per this many ms rather than per row
   * written. A row after a quiet spell goes at once. Default 0.
   */
  linger_ms?: number;
  /** Wait after a failure (the bus or database down), growing with repeated failures. */
  retry_backoff?: RetryBackoff;
  on_error?: (error: unknown) => void;
  /**
   * A row the bus keeps refusing (while the rows after it go through) is set aside there (D12),
   * source: the lock name, and marked published; without it, it holds back every row after it.
   */
  dead_letters?: DeadLetters;
  poison_policy?: Partial<PoisonPolicy>;
}

const PRUNE_INTERVAL_MS = 60_000;

/**
 * Moves rows from a source table to the bus. Each batch is one transaction holding the source's
 * advisory lock: rows are read in order, published, and marked published only after the bus
 * accepted them, so a crash republishes (consumers deduplicate) and never loses. With several
 * relays, the lock lets one publish at a time, which keeps every key in order.
 */
export class Relay {
  private readonly batch_size: number;
  private readonly poll_interval_ms: number;
  private readonly linger_ms: number;
  private end_linger: () => void = () => undefined;
  private readonly retry_backoff: RetryBackoff;
  private readonly on_error: (error: unknown) => void;
  /** Stops listening on the process's one listening connection (ChannelHub); unset when lost. */
  private stop_listening: (() => Promise<void>) | undefined;
  private loop: Promise<void> | undefined;
  private stopping = false;
  private woken = false;
  private wake: () => void = () => undefined;
  private last_prune_ms = 0;
  private readonly refusals: PoisonTracker;

  constructor(private readonly options: RelayOptions) {
    this.batch_size = options.batch_size ?? 100;
    this.poll_interval_ms = options.poll_interval_ms ?? 1_000;
    this.linger_ms = options.linger_ms ?? 0;
    this.retry_backoff = options.retry_backoff ?? { initial_ms: 200, max_ms: 10_000 };
    this.on_error = options.on_error ?? (() => undefined);
    this.refusals = new PoisonTracker(options.poison_policy);
  }

  async start(): Promise<void> {
    if (this.loop) return;
    this.stopping = false;
    await this.listen().catch((error: unknown) => this.on_error(error));
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.end_linger();
    this.signal();
    await this.loop;
    this.loop = undefined;
    await this.unlisten();
  }

  /** Publishes what is pending now, batch after batch; the number of rows published. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const published = await this.publishBatch();
      total += published;
      if (published < this.batch_size) return total;
    }
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      let wait_ms = this.poll_interval_ms;
      try {
        if (!this.stop_listening) await this.listen();
        const published = await this.publishBatch();
        failures = 0;
        if (published === this.batch_size) continue;
        if (published > 0) await this.linger();
      } catch (error) {
        this.on_error(error);
        wait_ms = backoffAfter(++failures, this.retry_backoff);
      }
      await this.sleep(wait_ms);
    }
  }

  /** One transaction: lock, read, publish, mark. 0 when another relay holds the source. */
  private async publishBatch(): Promise<number> {
    const { pool, source } = this.options;
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_xact_lock(hashtext($1)) as locked',
        [source.lock_name],
      );
      if (!rows[0]?.locked) {
        await client.query('rollback');
        return 0;
      }
      const pending = await source.pending(client, this.batch_size);
      const { passed, error } = await this.publish(client, pending);
      if (passed.length === 0 && error !== null) throw error;
      if (passed.length > 0) await source.markPublished(client, passed);
      await this.pruneNow(client);
      await client.query('commit');
      // What went through stays published; the run waits out its backoff before the rest.
      if (passed.length < pending.length && error !== null) throw error;
      return passed.length;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Publishes the rows in order; after a refusal, one by one (takeInOrder) with dead letters. */
  private async publish(
    client: PoolClient,
    rows: RelayRow[],
  ): Promise<{ passed: RelayRow[]; error: unknown }> {
    const { bus, dead_letters, source } = this.options;
    try {
      for (const run of runsByTopic(rows)) await bus.publish(run.topic, run.messages);
      return { passed: rows, error: null };
    } catch (error) {
      if (!dead_letters) return { passed: [], error };
    }
    const publishOne = (row: RelayRow) =>
      bus.publish(row.topic, [row.message]).then(
        () => null,
        (error: unknown) => error ?? new Error('publish failed'),
      );
    return takeInOrder(rows, {
      key: (row) => row.message.id,
      attempt: publishOne,
      // Published for real: consumers deduplicate, as after any republish.
      probe: async (row) => (await publishOne(row)) === null,
      set_aside: (row, letter) =>
        dead_letters.record(
          {
            source: source.lock_name,
            record_key: row.message.id,
            payload: { topic: row.topic, message: row.message },
            ...letter,
          },
          client,
        ),
      tracker: this.refusals,
      report: () => undefined,
    });
  }

  private async pruneNow(client: PoolClient): Promise<void> {
    if (!this.options.source.prune || Date.now() - this.last_prune_ms < PRUNE_INTERVAL_MS) return;
    this.last_prune_ms = Date.now();
    await this.options.source.prune(client);
  }

  private async listen(): Promise<void> {
    const channel = this.options.source.channel;
    if (!channel || this.stop_listening) return;
    // A lost connection is reported, and the loop woken: it listens again, then publishes what
    // came meanwhile.
    const listening = { lost: false };
    const stop = await ChannelHub.of(this.options.pool).listen(channel, {
      notified: () => this.signal(),
      lost: (error) => {
        // Only one listening is held at a time: a new one starts after this one is unset.
        listening.lost = true;
        this.on_error(error);
        this.stop_listening = undefined;
        this.signal();
      },
    });
    if (!listening.lost) this.stop_listening = stop;
  }

  private async unlisten(): Promise<void> {
    const stop = this.stop_listening;
    this.stop_listening = undefined;
    await stop?.();
  }

  private signal(): void {
    this.woken = true;
    this.wake();
  }

  /** Waits linger_ms, cut short only by stop(); a notification meanwhile is kept for sleep(). */
  private linger(): Promise<void> {
    if (this.linger_ms <= 0 || this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.linger_ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.end_linger = done;
    });
  }

  private sleep(duration_ms: number): Promise<void> {
    if (this.woken || this.stopping) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, duration_ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.woken = false;
        this.wake = () => undefined;
        done();
      };
    });
  }
}

/** Consecutive rows of one topic go in one publish call; the order across topics is kept. */
function runsByTopic(rows: RelayRow[]): { topic: string; messages: OutgoingMessage[] }[] {
  const runs: { topic: string; messages: OutgoingMessage[] }[] = [];
  for (const row of rows) {
    const last = runs[runs.length - 1];
    if (last && last.topic === row.topic) last.messages.push(row.message);
    else runs.push({ topic: row.topic, messages: [row.message] });
  }
  return runs;
}
