import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { Environment } from '@platform/contracts';
import { asWithClauses, type OwnStatement } from '@platform/persistence';
import { DuplicateEventIdError, WrongExpectedVersionError } from './errors';
import { chainHash, GENESIS_HASH, type HashedEvent } from './hash-chain';
import type { StreamHead } from './head-cache';
import {
  prepared,
  writeAtHeadWith,
  writeAtHeadsWith,
  type AppendStatements,
  type Notification,
  type OnMoved,
  type PreparedText,
} from './statements';
import { activeTraceContext, type EventTraceContext } from './trace-context';
import type { AppendResult, ExpectedVersion, NewEvent, StreamAppend } from './types';

export type { Notification } from './statements';

export interface AppendContext {
  schema: string;
  environment: Environment;
  statements: AppendStatements;
  /** The channel the store's statements notify subscribers on. */
  notify_channel: string;
}

/** What an append did: the results, and the heads it left (or found, on a conflict). */
export interface AppendOutcome {
  results: AppendResult[];
  heads: Map<string, StreamHead>;
}

interface EventRowInput extends HashedEvent {
  position_offset: number;
  hash: string;
  /** Left out (stored as null) when the append ran outside any trace. */
  trace_context?: EventTraceContext;
}

interface PlannedWrite {
  rows: EventRowInput[];
  heads: Map<string, StreamHead>;
  /** Per append, in order: its stream's next version, its events' offsets from the first position. */
  appends: { next_version: number; offsets: number[] }[];
}

export function assertValidAppends(appends: readonly StreamAppend[]): void {
  const seen = new Set<string>();
  for (const { stream, expected_version } of appends) {
    if (typeof stream !== 'string' || stream.length === 0) {
      throw new Error('stream name must be a non-empty string');
    }
    if (seen.has(stream)) throw new Error(`stream ${stream} appears twice in one appendMany`);
    seen.add(stream);
    if (
      typeof expected_version === 'number' &&
      (!Number.isInteger(expected_version) || expected_version < 0)
    ) {
      throw new Error(`expected_version must be a non-negative integer, got ${expected_version}`);
    }
  }
}

export function expectationHolds(expected: ExpectedVersion, actual: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === 0;
  return expected === actual;
}

/**
 * The head an append may assume without reading it: an empty stream, when it expects one or
 * accepts any (an entity's stream written with `any` is new on its first append, the common
 * case). Only a guess: the write checks the stored head, and writes nothing when it differs.
 */
export function assumedEmptyHead(expected: ExpectedVersion): StreamHead | undefined {
  const may_be_empty = expected === 'no_stream' || expected === 0 || expected === 'any';
  return may_be_empty ? { version: 0, last_hash: GENESIS_HASH } : undefined;
}

/** The stream's head as last committed (empty when missing); not locked, so only a hint. */
export async function readHead(
  db: Pool | PoolClient,
  statements: AppendStatements,
  stream: string,
): Promise<StreamHead> {
  const { rows } = await db.query<StreamHead>(prepared(statements.read_head, [stream]));
  const head = rows[0];
  return head
    ? { version: head.version, last_hash: head.last_hash }
    : { version: 0, last_hash: GENESIS_HASH };
}

/**
 * Appends to several streams in the caller's transaction: all of them, or (by throwing) none.
 * Locks the heads first, so the hashes chain from what is stored; a conflict throws
 * WrongExpectedVersionError, and `on_conflict` is first told the heads found.
 */
export async function appendLocked(
  client: PoolClient,
  context: AppendContext,
  appends: readonly StreamAppend[],
  notification: Notification,
  on_conflict: (heads: Map<string, StreamHead>) => void,
): Promise<AppendOutcome> {
  const streams = appends.map((append) => append.stream);
  const heads = await lockStreamHeads(client, context.statements, streams);
  for (const append of appends) {
    const actual = headOf(heads, append.stream).version;
    if (!expectationHolds(append.expected_version, actual)) {
      on_conflict(heads);
      throw new WrongExpectedVersionError(append.stream, append.expected_version, actual);
    }
  }
  const planned = planWrite(appends, heads, context.environment);
  if (planned.rows.length === 0) {
    const results = planned.appends.map(({ next_version }) => ({ next_version, positions: [] }));
    return { results, heads };
  }
  const moved_heads = [...planned.heads].map(([stream, head]) => ({ stream, ...head }));
  const first_position = await writeEvents(client, context.statements.write_locked[notification], [
    JSON.stringify(planned.rows),
    planned.rows.length,
    JSON.stringify(moved_heads),
  ]);
  if (first_position === null) throw new Error('allocate_event_positions returned no row');
  return { results: resultsFrom(planned, first_position), heads: planned.heads };
}

/**
 * Appends to one stream in a single statement, hashing from a head believed current: it writes
 * only if the stored head still has that version and hash. Null when it had moved (nothing was
 * written); the caller then takes the locking path. Runs on a pool (its own transaction) or on
 * the caller's client. With `own`, the caller's statements ride in the same statement: on a pool
 * (`fail`) undone with the rest when the head had moved, in the caller's transaction
 * (`write_own`) written whether or not the head had.
 */
export async function appendAtHead(
  db: Pool | PoolClient,
  context: AppendContext,
  append: StreamAppend,
  head: StreamHead,
  notification: Notification,
  own?: OwnWrites,
): Promise<AppendOutcome | null> {
  const planned = planWrite([append], new Map([[append.stream, { ...head }]]), context.environment);
  const moved = headOf(planned.heads, append.stream);
  const form = head.version === 0 ? 'existing_or_missing' : 'existing';
  const values: unknown[] = [
    JSON.stringify(planned.rows),
    planned.rows.length,
    append.stream,
    moved.version,
    moved.last_hash,
    head.version,
    head.last_hash,
  ];
  let first_position: string | null;
  if (own === undefined || own.statements.length === 0) {
    const statements =
      form === 'existing' ? context.statements.write_at_head : context.statements.write_from_empty;
    first_position = await writeEvents(db, statements[notification], values);
  } else {
    const clauses = asWithClauses(own.statements, values.length, 'own');
    const statement = writeAtHeadWith(
      context.schema,
      form,
      context.notify_channel,
      clauses,
      own.on_moved,
    );
    first_position = await unlessHeadsMoved(
      writeEvents(db, statement, [...values, ...clauses.values]),
    );
  }
  if (first_position === null) return null;
  return { results: resultsFrom(planned, first_position), heads: planned.heads };
}

/** The caller's own statements to write in an append's statement, and what a moved head does. */
export interface OwnWrites {
  statements: readonly OwnStatement[];
  on_moved: OnMoved;
}

/**
 * Appends to several streams in a single statement, hashing from heads believed current: it
 * writes only if every stored head still has the version and hash it was hashed from, and every
 * stream of `new_streams` (its head empty in `heads`) is still missing, its head then created.
 * Null when one had moved, is missing or was created meanwhile (no event was written, no head
 * created; the own statements were, on `write_own`, which takes no new streams): the caller
 * then takes the locking path.
 */
export async function appendAtHeads(
  db: Pool | PoolClient,
  context: AppendContext,
  appends: readonly StreamAppend[],
  heads: Map<string, StreamHead>,
  notification: Notification,
  trace_contexts?: readonly (EventTraceContext | null)[],
  own?: OwnWrites,
  new_streams: ReadonlySet<string> = NO_NEW_STREAMS,
): Promise<AppendOutcome | null> {
  // Writing the own rows whatever the heads would keep the heads it created, too.
  if (new_streams.size > 0 && own?.on_moved === 'write_own')
    throw new Error('an append creating stream heads needs on_moved: fail');
  const planned = planWrite(appends, heads, context.environment, trace_contexts);
  const moved_heads = appends.map(({ stream }) => {
    const from = headOf(heads, stream);
    const to = headOf(planned.heads, stream);
    return {
      stream,
      version: to.version,
      last_hash: to.last_hash,
      expected_version: from.version,
      expected_hash: from.last_hash,
      ...(new_streams.has(stream) ? { is_new: true } : {}),
    };
  });
  const values = [
    JSON.stringify(planned.rows),
    planned.rows.length,
    JSON.stringify(moved_heads),
    appends.length,
  ];
  const first_position =
    own === undefined || own.statements.length === 0
      ? await unlessHeadsMoved(
          writeEvents(db, context.statements.write_at_heads[notification], values),
        )
      : await writeEventsWith(db, context, values, own);
  if (first_position === null) return null;
  return { results: resultsFrom(planned, first_position), heads: planned.heads };
}

/**
 * The events and the caller's own statements in one statement (it notifies subscribers itself);
 * null when a head had moved, which undid the caller's writes too on `fail`.
 */
async function writeEventsWith(
  db: Pool | PoolClient,
  context: AppendContext,
  values: unknown[],
  own: OwnWrites,
): Promise<string | null> {
  const clauses = asWithClauses(own.statements, values.length, 'own');
  const statement = writeAtHeadsWith(context.schema, context.notify_channel, clauses, own.on_moved);
  return unlessHeadsMoved(writeEvents(db, statement, [...values, ...clauses.values]));
}

/** The first position written, or null when the statement failed as stream_heads_moved(). */
async function unlessHeadsMoved(written: Promise<string | null>): Promise<string | null> {
  try {
    return await written;
  } catch (error) {
    if ((error as { code?: string }).code === HEADS_MOVED) return null;
    throw error;
  }
}

const NO_NEW_STREAMS: ReadonlySet<string> = new Set();

/** SQLSTATE of `stream_heads_moved()` (migration 003). */
const HEADS_MOVED = 'ES409';

/** One appender's part of a batch: its appends, and the trace context it made them in. */
export interface BatchedAppend {
  appends: readonly StreamAppend[];
  trace_context: EventTraceContext | null;
  /**
   * The appender's own rows, written in the batch's transaction once the events are (see
   * `PgEventStore.appendManyWith`): they commit with the events, or neither do.
   */
  write?: (client: PoolClient, results: AppendResult[]) => Promise<void>;
  /**
   * The same rows as statements (when `write` runs them): when every part of a batch gives its
   * rows so, they are written in the batch's one statement, with no transaction around it. So
   * they must not change a row another part's statements change (each appender writes its own
   * rows: one statement changing a row twice keeps only one of the changes).
   */
  statements?: readonly OwnStatement[];
}

/**
 * Several appenders' appends (no stream twice) as one statement and one transaction, hashing from
 * heads believed current: all of them are written, or (when a head had moved) none, and null is
 * returned. Per appender, in order: its results and the heads it left.
 */
export async function appendBatchAtHeads(
  db: Pool | PoolClient,
  context: AppendContext,
  batch: readonly BatchedAppend[],
  heads: Map<string, StreamHead>,
  new_streams: ReadonlySet<string> = NO_NEW_STREAMS,
): Promise<AppendOutcome[] | null> {
  const appends = batch.flatMap((part) => part.appends);
  const trace_contexts = batch.flatMap((part) => part.appends.map(() => part.trace_context));
  // The NOTIFY rides in the statement, saving a round trip per batch. In a transaction it holds
  // the database's notify lock through the commit, which serialises notifying commits: batches
  // are written one at a time anyway, and other appenders notify after their commit, briefly.
  // So do the parts' own statements, unless a part writes its rows by a callback: the caller
  // then writes every part's rows after this, in its transaction (see writeReady).
  const statements = ownStatementsOf(batch);
  const outcome = await appendAtHeads(
    db,
    context,
    appends,
    heads,
    'in_statement',
    trace_contexts,
    { statements, on_moved: 'fail' },
    new_streams,
  );
  if (outcome === null) return null;
  let offset = 0;
  return batch.map((part) => {
    const results = outcome.results.slice(offset, offset + part.appends.length);
    offset += part.appends.length;
    const part_heads = new Map(
      part.appends.map(({ stream }) => [stream, headOf(outcome.heads, stream)]),
    );
    return { results, heads: part_heads };
  });
}

/**
 * The parts' own statements, when every part that writes rows gives them as statements (else
 * none). Sorted by text, so that batches of the same statements in any order make one statement
 * text, which each connection prepares once.
 */
function ownStatementsOf(batch: readonly BatchedAppend[]): OwnStatement[] {
  if (!batch.every(inOneStatement)) return [];
  return batch
    .flatMap((part) => part.statements ?? [])
    .sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
}

/** Whether a part's rows, if any, can be written in its batch's one statement. */
export function inOneStatement(part: BatchedAppend): boolean {
  return part.write === undefined || part.statements !== undefined;
}

function headOf(heads: Map<string, StreamHead>, stream: string): StreamHead {
  const head = heads.get(stream);
  if (!head) throw new Error(`stream head of ${stream} was not locked`);
  return head;
}

/**
 * Hashes each append's events onto its stream's head; the heads map is copied, not changed. Each
 * row also carries the trace context it was made in, beside the hashed fields: the event's own
 * when it has one, else its append's (the active one unless given).
 */
function planWrite(
  appends: readonly StreamAppend[],
  heads: Map<string, StreamHead>,
  environment: Environment,
  trace_contexts?: readonly (EventTraceContext | null)[],
): PlannedWrite {
  const moved = new Map([...heads].map(([stream, head]) => [stream, { ...head }]));
  const active = trace_contexts === undefined ? activeTraceContext() : null;
  const rows: EventRowInput[] = [];
  const planned_appends: PlannedWrite['appends'] = [];
  for (const [index, append] of appends.entries()) {
    const append_context = trace_contexts === undefined ? active : (trace_contexts[index] ?? null);
    const head = headOf(moved, append.stream);
    const append_offsets: number[] = [];
    for (const event of append.events) {
      const hashed = toHashedEvent(event, append.stream, head.version + 1, environment);
      const hash = chainHash(head.last_hash, hashed);
      const trace_context =
        event.trace_context === undefined ? append_context : event.trace_context;
      const traced = trace_context === null ? {} : { trace_context };
      append_offsets.push(rows.length);
      rows.push({ ...hashed, ...traced, position_offset: rows.length, hash });
      head.version = hashed.stream_version;
      head.last_hash = hash;
    }
    planned_appends.push({ next_version: head.version, offsets: append_offsets });
  }
  return { rows, heads: moved, appends: planned_appends };
}

function resultsFrom(planned: PlannedWrite, first_position: string): AppendResult[] {
  const first = BigInt(first_position);
  return planned.appends.map(({ next_version, offsets }) => ({
    next_version,
    positions: offsets.map((offset) => (first + BigInt(offset)).toString()),
  }));
}

/**
 * Locks the heads, creating missing ones. One stream: lock it, and only when it is missing create
 * it and lock again. Several: create all missing first, then lock all in name order, so that two
 * multi-stream appends cannot deadlock. A concurrent creator of the same head makes us wait for its
 * commit, after which the lock reads its committed version: of two appends expecting one version,
 * one wins.
 */
async function lockStreamHeads(
  client: PoolClient,
  statements: AppendStatements,
  streams: readonly string[],
): Promise<Map<string, StreamHead>> {
  const [only] = streams;
  if (streams.length === 1 && only !== undefined) {
    const lock = prepared(statements.lock_head, [only]);
    let { rows } = await client.query<StreamHead>(lock);
    if (rows.length === 0) {
      await client.query(prepared(statements.create_head, [only]));
      ({ rows } = await client.query<StreamHead>(lock));
    }
    const head = rows[0];
    if (!head) throw new Error(`stream head of ${only} could not be created`);
    return new Map([[only, { version: head.version, last_hash: head.last_hash }]]);
  }
  const sorted = [...streams].sort();
  await client.query(prepared(statements.create_heads, [sorted]));
  const lock = prepared(statements.lock_heads, [sorted]);
  const { rows } = await client.query<{ stream: string } & StreamHead>(lock);
  return new Map(
    rows.map((row) => [row.stream, { version: row.version, last_hash: row.last_hash }]),
  );
}

function toHashedEvent(
  event: NewEvent,
  stream: string,
  stream_version: number,
  environment: Environment,
): HashedEvent {
  return {
    event_id: event.event_id ?? randomUUID(),
    stream,
    stream_version,
    type: event.type,
    version: event.version ?? 1,
    data: event.data,
    org_id: event.org_id ?? null,
    account_id: event.account_id ?? null,
    environment,
    correlation_id: event.correlation_id ?? null,
    causation_id: event.causation_id ?? null,
    // Milliseconds, as JavaScript reads timestamptz back: the hash must survive the round trip.
    occurred_at: new Date(event.occurred_at ?? Date.now()).toISOString(),
  };
}

/** Runs a write statement; the first allocated position, or null when it wrote nothing. */
async function writeEvents(
  db: Pool | PoolClient,
  statement: PreparedText,
  values: unknown[],
): Promise<string | null> {
  try {
    const { rows } = await db.query<{ first_position: string }>(prepared(statement, values));
    return rows[0]?.first_position ?? null;
  } catch (error) {
    const pg_error = error as { code?: string; constraint?: string; detail?: string };
    if (pg_error.code === '23505' && pg_error.constraint === 'events_event_id_unique') {
      throw new DuplicateEventIdError(pg_error.detail ?? '');
    }
    throw error;
  }
}
