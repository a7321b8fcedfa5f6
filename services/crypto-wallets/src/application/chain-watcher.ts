import type { Pool, PoolClient } from 'pg';
import {
  IDLE_POLL_MS,
  PollCadence,
  Poller,
  PoisonGuard,
  type DeadLetters,
  type PoisonPolicy,
} from '@platform/persistence';
import type { ChainObservation, ChainPort, ObservationHandler } from './chain-port';

/** Observations read per poll. */
const BATCH_SIZE = 100;
/** The advisory lock key that keeps one watcher running per database, whatever the replicas. */
const WATCHER_LOCK = 'crypto-wallets:chain-watcher';
export const WATCHER_NAME = 'chain';
export const WATCHER_DEAD_LETTER_SOURCE = 'worker:chain_observation';

export interface WatcherReports {
  on_error: (error: unknown) => void;
  on_set_aside: (handler: string, cursor: string, reason: string) => void;
}

/**
 * Reads the observation log in order and hands each observation to every handler, storing its
 * cursor after each one. A handler that throws is retried in place (the log is ordered) with the
 * poison policy's backoff; one that keeps throwing on the same observation has it set aside as a
 * dead letter with the reason, and the watcher goes on (D12). A database or bus outage (a
 * transient failure) sets nothing aside. One watcher per database holds a session advisory lock.
 */
export class ChainWatcher {
  private readonly guard: PoisonGuard;
  private readonly poller: Poller;

  constructor(
    private readonly pool: Pool,
    private readonly chain: ChainPort,
    private readonly handlers: readonly ObservationHandler[],
    poll_ms: number,
    private readonly reports: WatcherReports,
    dead_letters: DeadLetters,
    policy: Partial<PoisonPolicy> = {},
    /** The longest pause while the log is quiet: longer where something wakes the watcher. */
    idle_ms = IDLE_POLL_MS,
  ) {
    // The log is one line: nothing else can succeed while its head fails, so no evidence is asked.
    this.guard = new PoisonGuard(dead_letters, WATCHER_DEAD_LETTER_SOURCE, {
      ...policy,
      require_evidence: false,
    });
    this.poller = new Poller({
      // Another replica holding the lock counts as idle: it does the work.
      look: async () => ((await this.poll()) ?? 0) > 0,
      cadence: new PollCadence(poll_ms, idle_ms),
      on_error: reports.on_error,
    });
  }

  start(): void {
    this.poller.start(0);
  }

  /** The log has grown (a sandbox block was mined): read within the busy pause. */
  wake(): void {
    this.poller.wake();
  }

  stop(): Promise<void> {
    return this.poller.stop();
  }

  /**
   * Handles what the log holds after the cursor; answers how many observations were passed,
   * or null when another process holds the watcher's lock.
   */
  async poll(): Promise<number | null> {
    const client = await this.pool.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtext($1)) as locked',
        [WATCHER_LOCK],
      );
      if (!rows[0]?.locked) return null;
      try {
        return await this.drain(client);
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', [WATCHER_LOCK]);
      }
    } finally {
      client.release();
    }
  }

  async cursor(client?: PoolClient): Promise<string> {
    const { rows } = await (client ?? this.pool).query<{ cursor: string }>(
      'select cursor::text from chain_watcher_cursors where watcher = $1',
      [WATCHER_NAME],
    );
    return rows[0]?.cursor ?? '0';
  }

  private async drain(client: PoolClient): Promise<number> {
    let passed = 0;
    for (;;) {
      const batch = await this.chain.observationsAfter(await this.cursor(client), BATCH_SIZE);
      for (const observation of batch) {
        if (this.poller.is_stopped || !(await this.handleAll(observation))) return passed;
        await this.storeCursor(client, observation.cursor);
        passed += 1;
      }
      if (batch.length < BATCH_SIZE) return passed;
    }
  }

  /** True when every handler is done with the observation (handled or set aside). */
  private async handleAll(observation: ChainObservation): Promise<boolean> {
    for (const handler of this.handlers) {
      const key = `${handler.name}:${observation.cursor}`;
      // A failed observation waits out its backoff; the log behind it waits with it.
      if (this.guard.waiting().includes(key)) return false;
      const result = await this.guard.run(key, { handler: handler.name, observation }, () =>
        handler.handle(observation),
      );
      if (result.outcome === 'retry') {
        this.reports.on_error(result.error);
        return false;
      }
      if (result.outcome === 'set_aside')
        this.reports.on_set_aside(handler.name, observation.cursor, result.reason);
    }
    return true;
  }

  private async storeCursor(client: PoolClient, cursor: string): Promise<void> {
    await client.query(
      `insert into chain_watcher_cursors (watcher, cursor) values ($1, $2::bigint)
       on conflict (watcher) do update set cursor = excluded.cursor`,
      [WATCHER_NAME, cursor],
    );
  }
}
