import path from 'node:path';
import type { Pool, PoolClient } from 'pg';
import {
  assertIdentifier,
  ChannelHub,
  migrate,
  runOwnStatements,
  withTransaction,
  type OwnStatement,
} from '@platform/persistence';
import {
  appendAtHead,
  appendAtHeads,
  appendBatchAtHeads,
  appendLocked,
  assertValidAppends,
  assumedEmptyHead,
  expectationHolds,
  inOneStatement,
  readHead,
  type AppendContext,
  type AppendOutcome,
  type BatchedAppend,
  type Notification,
} from './append';
import { AppendBatcher } from './append-batcher';
import { chainHash, GENESIS_HASH } from './hash-chain';
import { StreamHeadCache, type StreamHead } from './head-cache';
import { activeTraceContext } from './trace-context';
import { CommittedAppendNotifier } from './notifier';
import { readSafeEvents } from './read';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './rows';
import { appendStatements } from './statements';
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
const DEFAULT_HEAD_CACHE_CAPACITY = 10_000;
const DEFAULT_APPEND_BATCHING = { max_in_flight: 1, max_streams: 64 };

/**
 * The event store on PostgreSQL: streams with optimistic concurrency, a gap-safe global log.
 * An append to one stream is a single statement when this process remembers the stream's head (it
 * last wrote or read the stream), two when it must read it first; to several streams, a single
 * statement when it remembers all their heads. Only when a head moved in between, or a stream of
 * several is not remembered, does a transaction lock the heads first.
 */
export class PgEventStore {
  private readonly schema: string;
  private readonly notify_channel: string;
  private readonly context: AppendContext;
  private readonly heads: StreamHeadCache;
  private readonly notifier: CommittedAppendNotifier;
  private readonly batcher: AppendBatcher | null;

  constructor(
    private readonly pool: Pool,
    options: PgEventStoreOptions,
  ) {
    this.schema = assertIdentifier(options.schema);
    this.notify_channel = `${this.schema}__events`.slice(0, 63);
    this.context = {
      schema: this.schema,
      environment: options.environment,
      statements: appendStatements(this.schema, this.notify_channel),
      notify_channel: this.notify_channel,
    };
    this.heads = new StreamHeadCache(options.head_cache_capacity ?? DEFAULT_HEAD_CACHE_CAPACITY);
    this.notifier = new CommittedAppendNotifier(pool, this.notify_channel);
    const batching = options.append_batching ?? DEFAULT_APPEND_BATCHING;
    this.batcher =
      batching === false
        ? null
        : new AppendBatcher((batch) => this.writeBatch(batch), {
            ...DEFAULT_APPEND_BATCHING,
            ...batching,
          });
  }

  /** Creates or upgrades the store's tables in its schema; safe to run from every replica. */
  async migrate(): Promise<number> {
    return migrate(this.pool, { schema: this.schema, migrations_dir: MIGRATIONS_DIR });
  }

  async append(
    stream: string,
    events: readonly NewEvent[],
    options: AppendOptions,
  ): Promise<AppendResult> {
    const [result] = await this.appendMany([
      { stream, expected_version: options.expected_version, events: [...events] },
    ]);
    if (!result) throw new Error('append returned no result');
    return result;
  }

  /**
   * Several streams in one transaction: every append is written, or (on any conflict) none. With
   * every head remembered, it joins the next batch of the group commit (see AppendBatcher).
   */
  async appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    assertValidAppends(appends);
    // A batch's statement notifies subscribers itself (see appendBatchAtHeads).
    const batched = await this.appendInBatch(appends);
    if (batched) return batched.results;
    const outcome =
      (await this.appendAtKnownHead(this.pool, appends, 'after_commit')) ??
      (await withTransaction(this.pool, (client) =>
        this.appendWithLocks(client, appends, 'after_commit'),
      ));
    if (outcome.results.some((result) => result.positions.length > 0)) this.notifier.request();
    return outcome.results;
  }

  /**
   * Appends (as appendMany), then runs `write` in the same transaction: the caller's own rows
   * commit with the events, or neither do. Unlike appendManyInTransaction, subscribers are woken
   * after the commit, so concurrent appenders do not queue on an in-transaction NOTIFY.
   */
  async appendManyWith<T>(
    appends: readonly StreamAppend[],
    write: (client: PoolClient, results: AppendResult[]) => Promise<T>,
  ): Promise<{ results: AppendResult[]; written: T }> {
    assertValidAppends(appends);
    // In a batch, the rows are written in the batch's transaction: one commit for every part.
    const in_batch: { written?: { value: T } } = {};
    const batched = await this.appendInBatch(appends, async (client, results) => {
      in_batch.written = { value: await write(client, results) };
    });
    if (batched && in_batch.written)
      return { results: batched.results, written: in_batch.written.value };
    return this.appendAloneWith(appends, write);
  }

  /**
   * As appendManyWith, the caller's rows given as statements it needs nothing back from (see
   * OwnStatement). An append that goes alone with every head remembered (or, for one stream, known
   * to be new) writes the events and the statements in one statement: one round trip, and no
   * transaction for the streams to wait on. Otherwise they run in the append's transaction.
   */
  async appendManyWithStatements(
    appends: readonly StreamAppend[],
    statements: readonly OwnStatement[],
  ): Promise<AppendResult[]> {
    assertValidAppends(appends);
    // Only when the rows are not in the append's own statement (a batch, or no known heads).
    const write = (client: PoolClient): Promise<void> => runOwnStatements(client, statements);
    const batched = await this.appendInBatch(appends, write, statements);
    if (batched) return batched.results;
    const alone = await this.appendAloneInOneStatement(appends, statements);
    if (alone) return alone.results;
    return (await this.appendAloneWith(appends, write)).results;
  }

  /**
   * The appends and the statements as one statement, when every head is remembered (or, for one
   * stream, may be assumed new); it notifies subscribers itself. Null when that could not be
   * tried, or the statement found a head moved (then nothing was written).
   */
  private async appendAloneInOneStatement(
    appends: readonly StreamAppend[],
    statements: readonly OwnStatement[],
  ): Promise<AppendOutcome | null> {
    const [only] = appends;
    if (appends.length === 1 && only !== undefined) {
      const head = this.knownOrNewHead(only);
      if (!head) return null;
      const outcome = await appendAtHead(this.pool, this.context, only, head, 'in_statement', {
        statements,
        on_moved: 'fail',
      });
      this.afterKnownHeadWrite(appends, outcome);
      return outcome;
    }
    const heads = this.rememberedHeads(appends);
    if (heads === null) return null;
    const outcome = await appendAtHeads(
      this.pool,
      this.context,
      appends,
      heads,
      'in_statement',
      undefined,
      { statements, on_moved: 'fail' },
    );
    this.afterKnownHeadWrite(appends, outcome);
    return outcome;
  }

  /**
   * The head to write an append's events from without reading it: remembered, or assumed new
   * (see assumedEmptyHead), and meeting the append's expectation; null when there is none or the
   * append has no events.
   */
  private knownOrNewHead(append: StreamAppend): StreamHead | null {
    const head = this.heads.get(append.stream) ?? assumedEmptyHead(append.expected_version);
    if (!head || append.events.length === 0) return null;
    return expectationHolds(append.expected_version, head.version) ? head : null;
  }

  /** Heads to write from, remembered for every append and meeting its expectation; else null. */
  private rememberedHeads(appends: readonly StreamAppend[]): Map<string, StreamHead> | null {
    if (appends.every((append) => append.events.length === 0)) return null;
    const heads = new Map<string, StreamHead>();
    for (const append of appends) {
      const head = this.heads.get(append.stream);
      if (!head || !expectationHolds(append.expected_version, head.version)) return null;
      heads.set(append.stream, head);
    }
    return heads;
  }

  /** Remembers the heads a write left, or forgets those it found moved (null outcome). */
  private afterKnownHeadWrite(
    appends: readonly StreamAppend[],
    outcome: AppendOutcome | null,
  ): void {
    if (outcome) this.rememberHeads(outcome.heads);
    else for (const append of appends) this.heads.forget(append.stream);
  }

  /** appendManyWith in a transaction of its own (no batch). */
  private async appendAloneWith<T>(
    appends: readonly StreamAppend[],
    write: (client: PoolClient, results: AppendResult[]) => Promise<T>,
  ): Promise<{ results: AppendResult[]; written: T }> {
    const outcome = await withTransaction(this.pool, async (client) => {
      const appended =
        (await this.appendAtKnownHead(client, appends, 'after_commit')) ??
        (await this.appendWithLocks(client, appends, 'after_commit'));
      return { results: appended.results, written: await write(client, appended.results) };
    });
    if (outcome.results.some((result) => result.positions.length > 0)) this.notifier.request();
    return outcome;
  }

  /** Appends inside the caller's open transaction, so its own writes commit with the events. */
  async appendInTransaction(
    client: PoolClient,
    stream: string,
    events: readonly NewEvent[],
    options: AppendOptions,
  ): Promise<AppendResult> {
    const [result] = await this.appendManyInTransaction(client, [
      { stream, expected_version: options.expected_version, events: [...events] },
    ]);
    if (!result) throw new Error('append returned no result');
    return result;
  }

  async appendManyInTransaction(
    client: PoolClient,
    appends: readonly StreamAppend[],
  ): Promise<AppendResult[]> {
    assertValidAppends(appends);
    // The caller commits, so only a notification inside the transaction is sure to follow it.
    const outcome =
      (await this.appendAtKnownHead(client, appends, 'in_statement')) ??
      (await this.appendWithLocks(client, appends, 'in_statement'));
    return outcome.results;
  }

  /**
   * As appendInTransaction, with the caller's own statements written in the append's statement
   * when the head is remembered (or may be assumed new): one round trip for both. When the head had
   * moved they are written all the same, and the append takes the locking path.
   */
  async appendInTransactionWith(
    client: PoolClient,
    append: StreamAppend,
    statements: readonly OwnStatement[],
  ): Promise<AppendResult> {
    assertValidAppends([append]);
    const head = this.knownOrNewHead(append);
    if (head) {
      const outcome = await appendAtHead(client, this.context, append, head, 'in_statement', {
        statements,
        on_moved: 'write_own',
      });
      this.afterKnownHeadWrite([append], outcome);
      const result = outcome?.results[0];
      if (result) return result;
    } else {
      await runOwnStatements(client, statements);
    }
    const [result] = (await this.appendWithLocks(client, [append], 'in_statement')).results;
    if (!result) throw new Error('append returned no result');
    return result;
  }

  /**
   * appendManyInTransaction with the caller's own statements, for several streams: when every
   * head is remembered, the events of them all and the statements go in one statement (one round
   * trip where a stream each would take one). When a head had moved the statements are written all
   * the same, and the appends take the locking path.
   */
  async appendManyInTransactionWith(
    client: PoolClient,
    appends: readonly StreamAppend[],
    statements: readonly OwnStatement[],
  ): Promise<AppendResult[]> {
    assertValidAppends(appends);
    const heads = this.rememberedHeads(appends);
    if (heads) {
      const outcome = await appendAtHeads(
        client,
        this.context,
        appends,
        heads,
        'in_statement',
        undefined,
        {
          statements,
          on_moved: 'write_own',
        },
      );
      this.afterKnownHeadWrite(appends, outcome);
      if (outcome) return outcome.results;
    } else {
      await runOwnStatements(client, statements);
    }
    return (await this.appendWithLocks(client, appends, 'in_statement')).results;
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `select ${EVENT_COLUMNS} from ${this.schema}.events
        where stream = $1 and stream_version >= $2 order by stream_version limit $3`,
      [stream, options.from_version ?? 1, options.limit ?? null],
    );
    const last = rows.at(-1);
    // A read to the end usually precedes an append: its last event is the head to hash from.
    if (last && (options.limit === undefined || rows.length < options.limit)) {
      this.heads.remember(stream, { version: last.stream_version, last_hash: last.hash });
    }
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
          return {
            valid: false,
            stream,
            first_broken_version: expected_version,
            reason: 'version_gap',
          };
        }
        const recomputed = chainHash(previous_hash, {
          ...toRecordedEvent(row),
          stream_version: row.stream_version,
        });
        if (recomputed !== row.hash) {
          return {
            valid: false,
            stream,
            first_broken_version: row.stream_version,
            reason: 'hash_mismatch',
          };
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
      { pool: this.pool, schema: this.schema, notify_channel: this.notify_channel },
      options,
    );
  }

  /**
   * Calls `appended` after each committed append to this store, from any process (its
   * notification), and once when the listening connection was lost, since appends may have gone
   * unannounced; it listens again after `relisten_ms` (and so after a listen that failed). For a
   * worker that polls a table this store's appends fill: woken by them, it can poll rarely while
   * idle. Answers how to stop listening.
   */
  async onAppended(appended: () => void, relisten_ms = 1_000): Promise<() => Promise<void>> {
    const hub = ChannelHub.of(this.pool);
    let stopped = false;
    let unlisten: () => Promise<void> = async () => undefined;
    let retry: NodeJS.Timeout | undefined;
    const listenLater = () => {
      if (!stopped) retry = setTimeout(() => void listen(), relisten_ms);
    };
    // Never throws: a worker that cannot listen yet still polls, and listens at the next try.
    const listen = async (): Promise<void> => {
      try {
        unlisten = await hub.listen(this.notify_channel, {
          notified: () => appended(),
          lost: () => {
            appended();
            listenLater();
          },
        });
        if (stopped) await unlisten();
      } catch {
        listenLater();
      }
    };
    await listen();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      await unlisten();
    };
  }

  /** Null, at once, unless batching is on and every append has events and a remembered head. */
  private async appendInBatch(
    appends: readonly StreamAppend[],
    write?: BatchedAppend['write'],
    statements?: readonly OwnStatement[],
  ): Promise<AppendOutcome | null> {
    if (this.batcher === null || appends.length === 0) return null;
    const batchable = appends.every(
      (append) => append.events.length > 0 && this.batchHeadOf(append) !== null,
    );
    if (!batchable) return null;
    return this.batcher.submit({
      appends,
      trace_context: activeTraceContext(),
      write,
      statements,
    });
  }

  /**
   * The head an append joins a batch from: the one remembered, when the append expects it; or,
   * for an append that expects a new stream (`no_stream`) of which no head is remembered, an
   * empty one, created by the batch's statement (which fails, writing nothing, should the stream
   * exist after all). Null: the append goes alone. Only `no_stream`: an append that merely may
   * start a stream (`any`) would, on one that exists, fail every other part of its batch.
   */
  private batchHeadOf(append: StreamAppend): { head: StreamHead; is_new: boolean } | null {
    const head = this.heads.get(append.stream);
    if (head)
      return expectationHolds(append.expected_version, head.version)
        ? { head, is_new: false }
        : null;
    if (append.expected_version !== 'no_stream') return null;
    const empty = assumedEmptyHead(append.expected_version);
    return empty ? { head: empty, is_new: true } : null;
  }

  /**
   * A batch as one statement, hashed from the heads remembered now (after the previous write of
   * each stream ended). A part whose head is gone or not as it expects is left to append alone.
   */
  private async writeBatch(batch: readonly BatchedAppend[]): Promise<(AppendOutcome | null)[]> {
    const heads = new Map<string, StreamHead>();
    const new_streams = new Set<string>();
    const ready: BatchedAppend[] = [];
    for (const part of batch) {
      const part_heads = part.appends.map((append) => this.batchHeadOf(append));
      if (part_heads.some((head) => head === null)) continue;
      part.appends.forEach((append, index) => {
        const { head, is_new } = part_heads[index]!;
        heads.set(append.stream, head);
        if (is_new) new_streams.add(append.stream);
      });
      ready.push(part);
    }
    const outcomes = ready.length === 0 ? [] : await this.writeReady(ready, heads, new_streams);
    if (outcomes === null) {
      // Some head had moved, which one is not known: each part finds out on its own.
      for (const stream of heads.keys()) this.heads.forget(stream);
      return batch.map(() => null);
    }
    const written = new Map(ready.map((part, index) => [part, outcomes[index]!]));
    for (const outcome of outcomes) this.rememberHeads(outcome.heads);
    return batch.map((part) => written.get(part) ?? null);
  }

  /**
   * The batch's one statement; with the parts' own rows (appendManyWith), in one transaction
   * after it. A part's write that fails rolls the whole batch back, and each part then tries on
   * its own (see AppendBatcher), so the failure stays with the part it belongs to.
   */
  private writeReady(
    ready: readonly BatchedAppend[],
    heads: Map<string, StreamHead>,
    new_streams: ReadonlySet<string>,
  ): Promise<AppendOutcome[] | null> {
    // Rows given as statements go in the batch's one statement (see appendBatchAtHeads): one
    // round trip and no transaction. Rows written by a callback need a transaction around it.
    if (ready.every(inOneStatement))
      return appendBatchAtHeads(this.pool, this.context, ready, heads, new_streams);
    return withTransaction(this.pool, async (client) => {
      const outcomes = await appendBatchAtHeads(client, this.context, ready, heads, new_streams);
      if (outcomes === null) return null;
      for (const [index, part] of ready.entries())
        await part.write?.(client, outcomes[index]!.results);
      return outcomes;
    });
  }

  /**
   * One stream: hash from the head this process remembers (or reads, or knows to be empty as
   * expected) and write only if it is still the stored head, in one statement. The head is
   * remembered before the commit: if that transaction rolls back, the next append finds the
   * stored head different. Null when the head had moved (or is not as expected): nothing was
   * written, and the locking path decides.
   */
  private async appendAtKnownHead(
    db: Pool | PoolClient,
    appends: readonly StreamAppend[],
    notification: Notification,
  ): Promise<AppendOutcome | null> {
    if (appends.length > 1) return this.appendAtKnownHeads(db, appends, notification);
    const [append] = appends;
    if (append === undefined || append.events.length === 0) return null;
    const head =
      this.heads.get(append.stream) ??
      assumedEmptyHead(append.expected_version) ??
      (await readHead(db, this.context.statements, append.stream));
    // The head may be stale: a mismatch is decided under the lock, not here.
    if (!expectationHolds(append.expected_version, head.version)) return null;
    const outcome = await appendAtHead(db, this.context, append, head, notification);
    if (outcome) this.rememberHeads(outcome.heads);
    else this.heads.forget(append.stream);
    return outcome;
  }

  /**
   * Several streams, all with remembered heads that meet their expectations: one statement
   * instead of a transaction that creates and locks the heads first. Null (nothing written) when
   * a head is not remembered or had moved; the locking path then decides.
   */
  private async appendAtKnownHeads(
    db: Pool | PoolClient,
    appends: readonly StreamAppend[],
    notification: Notification,
  ): Promise<AppendOutcome | null> {
    const heads = this.rememberedHeads(appends);
    if (heads === null) return null;
    const outcome = await appendAtHeads(db, this.context, appends, heads, notification);
    this.afterKnownHeadWrite(appends, outcome);
    return outcome;
  }

  private async appendWithLocks(
    client: PoolClient,
    appends: readonly StreamAppend[],
    notification: Notification,
  ): Promise<AppendOutcome> {
    const remember = (heads: Map<string, StreamHead>): void => this.rememberHeads(heads);
    const outcome = await appendLocked(client, this.context, appends, notification, remember);
    remember(outcome.heads);
    return outcome;
  }

  private rememberHeads(heads: Map<string, StreamHead>): void {
    for (const [stream, head] of heads) this.heads.remember(stream, head);
  }

  /** The stream's head must name the last verified event: a deleted tail shows up here. */
  private async verifyHead(
    stream: string,
    last_version: number,
    last_hash: string,
  ): Promise<StreamVerification> {
    const { rows } = await this.pool.query<{ version: number; last_hash: string }>(
      `select version, last_hash from ${this.schema}.streams where stream = $1`,
      [stream],
    );
    const head = rows[0] ?? { version: 0, last_hash: GENESIS_HASH };
    if (head.version !== last_version || head.last_hash !== last_hash) {
      return {
        valid: false,
        stream,
        first_broken_version: last_version + 1,
        reason: 'head_mismatch',
      };
    }
    return { valid: true, stream, last_version, last_hash };
  }
}
