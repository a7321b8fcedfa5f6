import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import type { Environment } from '@platform/contracts';
import { DuplicateEventIdError, WrongExpectedVersionError } from './errors';
import { chainHash, type HashedEvent } from './hash-chain';
import type { AppendResult, ExpectedVersion, NewEvent, StreamAppend } from './types';

export interface AppendContext {
  schema: string;
  environment: Environment;
  notify_channel: string;
}

interface StreamHead {
  version: number;
  last_hash: string;
}

interface EventRowInput extends HashedEvent {
  position: string;
  hash: string;
}

/** Appends to several streams in the caller's transaction: all of them, or (by throwing) none. */
export async function appendStreams(
  client: PoolClient,
  context: AppendContext,
  appends: readonly StreamAppend[],
): Promise<AppendResult[]> {
  assertValidAppends(appends);
  const heads = await lockStreamHeads(client, context.schema, appends.map((append) => append.stream));
  for (const append of appends) {
    const actual = headOf(heads, append.stream).version;
    if (!expectationHolds(append.expected_version, actual)) {
      throw new WrongExpectedVersionError(append.stream, append.expected_version, actual);
    }
  }
  const event_count = appends.reduce((sum, append) => sum + append.events.length, 0);
  if (event_count === 0) {
    return appends.map((append) => ({ next_version: headOf(heads, append.stream).version, positions: [] }));
  }
  const { first_position, xid_horizon } = await allocatePositions(client, context.schema, event_count);
  let next_position = BigInt(first_position);
  const rows: EventRowInput[] = [];
  const results: AppendResult[] = [];
  for (const append of appends) {
    const head = headOf(heads, append.stream);
    const positions: string[] = [];
    for (const event of append.events) {
      const hashed = toHashedEvent(event, append.stream, head.version + 1, context.environment);
      const hash = chainHash(head.last_hash, hashed);
      rows.push({ ...hashed, position: next_position.toString(), hash });
      positions.push(next_position.toString());
      next_position += 1n;
      head.version = hashed.stream_version;
      head.last_hash = hash;
    }
    results.push({ next_version: head.version, positions });
  }
  await writeEvents(client, context, rows, xid_horizon, heads);
  return results;
}

export function expectationHolds(expected: ExpectedVersion, actual: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === 0;
  return expected === actual;
}

function assertValidAppends(appends: readonly StreamAppend[]): void {
  const seen = new Set<string>();
  for (const { stream, expected_version } of appends) {
    if (typeof stream !== 'string' || stream.length === 0) throw new Error('stream name must be a non-empty string');
    if (seen.has(stream)) throw new Error(`stream ${stream} appears twice in one appendMany`);
    seen.add(stream);
    if (typeof expected_version === 'number' && (!Number.isInteger(expected_version) || expected_version < 0)) {
      throw new Error(`expected_version must be a non-negative integer, got ${expected_version}`);
    }
  }
}

function headOf(heads: Map<string, StreamHead>, stream: string): StreamHead {
  const head = heads.get(stream);
  if (!head) throw new Error(`stream head of ${stream} was not locked`);
  return head;
}

/**
 * Creates missing heads and locks all of them, in name order so that two multi-stream appends
 * cannot deadlock. A concurrent creator of the same head makes us wait for its commit, after which
 * the lock reads its committed version: of two appends expecting one version, one wins.
 */
async function lockStreamHeads(
  client: PoolClient,
  schema: string,
  streams: readonly string[],
): Promise<Map<string, StreamHead>> {
  const sorted = [...streams].sort();
  await client.query(
    `insert into ${schema}.streams (stream, version, last_hash)
       select stream, 0, '' from unnest($1::text[]) as stream
     on conflict (stream) do nothing`,
    [sorted],
  );
  const { rows } = await client.query<{ stream: string } & StreamHead>(
    `select stream, version, last_hash from ${schema}.streams
      where stream = any($1::text[]) order by stream for update`,
    [sorted],
  );
  return new Map(rows.map((row) => [row.stream, { version: row.version, last_hash: row.last_hash }]));
}

async function allocatePositions(
  client: PoolClient,
  schema: string,
  event_count: number,
): Promise<{ first_position: string; xid_horizon: string }> {
  const { rows } = await client.query<{ first_position: string; xid_horizon: string }>(
    `select first_position::text, xid_horizon::text from ${schema}.allocate_event_positions($1)`,
    [event_count],
  );
  const allocation = rows[0];
  if (!allocation) throw new Error('allocate_event_positions returned no row');
  return allocation;
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

/** Inserts the events, moves the heads and wakes subscribers at commit, in one statement. */
async function writeEvents(
  client: PoolClient,
  context: AppendContext,
  rows: readonly EventRowInput[],
  xid_horizon: string,
  heads: Map<string, StreamHead>,
): Promise<void> {
  const schema = context.schema;
  const moved_heads = [...heads].map(([stream, head]) => ({ stream, ...head }));
  try {
    await client.query(
      `with inserted as (
         insert into ${schema}.events (position, xid_horizon, event_id, stream, stream_version, type, version,
           data, org_id, account_id, environment, correlation_id, causation_id, occurred_at, hash)
         select position, $2::bigint, event_id, stream, stream_version, type, version,
           data, org_id, account_id, environment, correlation_id, causation_id, occurred_at, hash
         from jsonb_to_recordset($1::jsonb) as r(position bigint, event_id uuid, stream text, stream_version integer,
           type text, version integer, data jsonb, org_id text, account_id text, environment text,
           correlation_id text, causation_id text, occurred_at timestamptz, hash text)
       ), moved as (
         update ${schema}.streams s set version = h.version, last_hash = h.last_hash
         from jsonb_to_recordset($3::jsonb) as h(stream text, version integer, last_hash text)
         where s.stream = h.stream
       )
       select pg_notify($4, '')`,
      [JSON.stringify(rows), xid_horizon, JSON.stringify(moved_heads), context.notify_channel],
    );
  } catch (error) {
    const pg_error = error as { code?: string; constraint?: string; detail?: string };
    if (pg_error.code === '23505' && pg_error.constraint === 'events_event_id_unique') {
      throw new DuplicateEventIdError(pg_error.detail ?? '');
    }
    throw error;
  }
}
