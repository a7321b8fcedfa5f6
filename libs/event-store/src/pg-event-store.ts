import path from 'node:path';
import type { Pool, PoolClient } from 'pg';
import { assertIdentifier, migrate, withTransaction } from '@platform/persistence';
import { appendStreams, type AppendContext } from './append';
import { chainHash, GENESIS_HASH } from './hash-chain';
import { readSafeEvents } from './read';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './rows';
import { CatchUpSubscription } from './subscription';
import type {
  AppendOptions,
  AppendResult,
  NewEvent,
  PgEventStoreOptions,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  StreamVerification,
  SubscribeOptions,
  Subscription,
} from './types';

const MIGRATIONS_DIR = path.join(__dirname, '../migrations');
const VERIFY_PAGE_SIZE = 1000;

/** The event store on PostgreSQL: streams with optimistic concurrency, a gap-safe global log. */
export class PgEventStore {
  private readonly schema: string;
  private readonly context: AppendContext;

  constructor(
    private readonly pool: Pool,
    options: PgEventStoreOptions,
  ) {
    this.schema = assertIdentifier(options.schema);
    this.context = {
      schema: this.schema,
      environment: options.environment,
      notify_channel: `${this.schema}__events`.slice(0, 63),
    };
  }

  /** Creates or upgrades the store's tables in its schema; safe to run from every replica. */
  async migrate(): Promise<number> {
    return migrate(this.pool, { schema: this.schema, migrations_dir: MIGRATIONS_DIR });
  }

  async append(stream: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    return withTransaction(this.pool, (client) => this.appendInTransaction(client, stream, events, options));
  }

  /** Several streams in one transaction: every append is written, or (on any conflict) none. */
  async appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    return withTransaction(this.pool, (client) => this.appendManyInTransaction(client, appends));
  }

  /** Appends inside the caller's open transaction, so its own writes commit with the events. */
  async appendInTransaction(
    client: PoolClient,
    stream: string,
    events: readonly NewEvent[],
    options: AppendOptions,
  ): Promise<AppendResult> {
    const [result] = await appendStreams(client, this.context, [
      { stream, expected_version: options.expected_version, events: [...events] },
    ]);
    if (!result) throw new Error('append returned no result');
    return result;
  }

  async appendManyInTransaction(client: PoolClient, appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    return appendStreams(client, this.context, appends);
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `select ${EVENT_COLUMNS} from ${this.schema}.events
        where stream = $1 and stream_version >= $2 order by stream_version limit $3`,
      [stream, options.from_version ?? 1, options.limit ?? null],
    );
    return rows.map(toRecordedEvent);
  }

  /** The version of the stream's last event; 0 when it has none. */
  async streamVersion(stream: string): Promise<number> {
    const { rows } = await this.pool.query<{ version: number }>(
      `select version from ${this.schema}.streams where stream = $1`,
      [stream],
    );
    return rows[0]?.version ?? 0;
  }

  /**
   * Events after `from_position` in global order. Never returns an event while one of a lower
   * position may still commit, so a reader that resumes after the last position it saw skips none.
   */
  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return readSafeEvents(this.pool, this.schema, options);
  }

  /** Recomputes the stream's hash chain and reports the first version that does not match. */
  async verifyStream(stream: string): Promise<StreamVerification> {
    let previous_hash = GENESIS_HASH;
    let expected_version = 1;
    for (;;) {
      const { rows } = await this.pool.query<EventRow>(
        `select ${EVENT_COLUMNS} from ${this.schema}.events
          where stream = $1 and stream_version >= $2 order by stream_version limit $3`,
        [stream, expected_version, VERIFY_PAGE_SIZE],
      );
      for (const row of rows) {
        if (row.stream_version !== expected_version) {
          return { valid: false, stream, first_broken_version: expected_version, reason: 'version_gap' };
        }
        const recomputed = chainHash(previous_hash, { ...toRecordedEvent(row), stream_version: row.stream_version });
        if (recomputed !== row.hash) {
          return { valid: false, stream, first_broken_version: row.stream_version, reason: 'hash_mismatch' };
        }
        previous_hash = row.hash;
        expected_version += 1;
      }
      if (rows.length < VERIFY_PAGE_SIZE) break;
    }
    return this.verifyHead(stream, expected_version - 1, previous_hash);
  }

  /**
   * Starts a catch-up subscription from its stored checkpoint. Only one instance per name is
   * active across processes; the others wait as standbys. Call stop() on shutdown.
   */
  subscribe(options: SubscribeOptions): Subscription {
    return new CatchUpSubscription(
      { pool: this.pool, schema: this.schema, notify_channel: this.context.notify_channel },
      options,
    );
  }

  /** The stream's head must name the last verified event: a deleted tail shows up here. */
  private async verifyHead(stream: string, last_version: number, last_hash: string): Promise<StreamVerification> {
    const { rows } = await this.pool.query<{ version: number; last_hash: string }>(
      `select version, last_hash from ${this.schema}.streams where stream = $1`,
      [stream],
    );
    const head = rows[0] ?? { version: 0, last_hash: GENESIS_HASH };
    if (head.version !== last_version || head.last_hash !== last_hash) {
      return { valid: false, stream, first_broken_version: last_version + 1, reason: 'head_mismatch' };
    }
    return { valid: true, stream, last_version, last_hash };
  }
}
