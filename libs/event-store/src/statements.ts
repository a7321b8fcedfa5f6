import type { QueryConfig } from 'pg';
import { oneRowMissed, statementName } from '@platform/persistence';

/**
 * The append statements of one store schema, as named (prepared) statements: PostgreSQL parses
 * and plans each once per connection instead of on every append. Positions are not hashed, so
 * they are allocated inside the write statement, after the hashes were computed from the head.
 */
export interface AppendStatements {
  /** $1 event rows (json), $2 event count, $3 moved heads (json); returns first_position. */
  write_locked: Record<Notification, PreparedText>;
  /**
   * One stream whose head is believed known: moves it only if it still has $6 version and $7
   * hash, then writes as above. $1 rows, $2 count, $3 stream, $4 new version, $5 new hash. No
   * row returned: the head had moved. `from_empty` also creates the head when missing ($6 = 0).
   */
  write_at_head: Record<Notification, PreparedText>;
  write_from_empty: Record<Notification, PreparedText>;
  /**
   * Several streams whose heads are believed known: locks those still at their expected version
   * and hash, creates those marked `is_new`, moves them only if that is all $4 of them, then
   * writes as above. $1 rows, $2 count, $3 heads (json: stream, version, last_hash,
   * expected_version, expected_hash, is_new), $4 stream count. first_position null: some head had
   * moved (or is missing), and nothing was written. A head marked new that another append created
   * first fails the statement instead (stream_heads_moved, ES409): the heads it created are
   * undone with it.
   */
  write_at_heads: Record<Notification, PreparedText>;
  /** $1 stream: its head as last committed, not locked. */
  read_head: PreparedText;
  /** $1 stream: its head, locked. */
  lock_head: PreparedText;
  /** $1 stream: creates an empty head unless one exists (or is being created). */
  create_head: PreparedText;
  /** $1 sorted streams: as create_head, for each. */
  create_heads: PreparedText;
  /** $1 sorted streams: their heads, locked in name order. */
  lock_heads: PreparedText;
}

/**
 * Whether the write statement itself notifies subscribers (needed when the caller owns the
 * commit) or the store does it once the transaction has committed.
 */
export type Notification = 'in_statement' | 'after_commit';

export interface PreparedText {
  name: string;
  text: string;
}

export function prepared(statement: PreparedText, values: unknown[]): QueryConfig {
  return { name: statement.name, text: statement.text, values };
}

function named(text: string): PreparedText {
  return { name: statementName(text), text };
}

/**
 * The row fields sent as json: HashedEvent plus hash, trace context (a missing key reads as null)
 * and offset from the first position.
 */
const ROW_RECORD = `r(position_offset bigint, event_id uuid, stream text, stream_version integer,
  type text, version integer, data jsonb, org_id text, account_id text, environment text,
  correlation_id text, causation_id text, occurred_at timestamptz, hash text, trace_context jsonb)`;

function insertEvents(schema: string): string {
  return `inserted as (
    insert into ${schema}.events (position, xid_horizon, event_id, stream, stream_version, type,
      version, data, org_id, account_id, environment, correlation_id, causation_id, occurred_at, hash,
      trace_context)
    select (a.allocation).first_position + r.position_offset, (a.allocation).xid_horizon,
      r.event_id, r.stream, r.stream_version, r.type, r.version, r.data, r.org_id, r.account_id,
      r.environment, r.correlation_id, r.causation_id, r.occurred_at, r.hash, r.trace_context
    from allocated a, jsonb_to_recordset($1::jsonb) as ${ROW_RECORD}
  )`;
}

/**
 * Heads reached through the streams' key. Joined to rows sent as json alone, the planner guesses
 * 100 of them and, on a table of some thousands of streams, reads every head to update a few.
 */
function byStreamKey(alias: string, heads: string): string {
  return `${alias}.stream = any(array(select stream from ${heads}))`;
}

/** The channel is made of the store's schema name, a checked identifier. */
function finalSelect(notify_channel: string | null): string {
  const notify = notify_channel === null ? '' : `, pg_notify('${notify_channel}', '')`;
  return `select (allocation).first_position::text as first_position${notify} from allocated`;
}

function writeLocked(schema: string, notify_channel: string | null): PreparedText {
  return named(`with allocated as materialized (
      select ${schema}.allocate_event_positions($2::integer) as allocation
    ), ${insertEvents(schema)}, heads as (
      select * from jsonb_to_recordset($3::jsonb) as h(stream text, version integer, last_hash text)
    ), moved as (
      update ${schema}.streams s set version = h.version, last_hash = h.last_hash
      from heads h
      where ${byStreamKey('s', 'heads')} and s.stream = h.stream
    )
    ${finalSelect(notify_channel)}`);
}

export type HeadForm = 'existing' | 'existing_or_missing';

function moveHead(schema: string, form: HeadForm): string {
  switch (form) {
    case 'existing':
      return `update ${schema}.streams s set version = $4, last_hash = $5
        where s.stream = $3 and s.version = $6 and s.last_hash = $7
        returning s.stream`;
    case 'existing_or_missing':
      // On a conflict the row is locked and compared at its latest committed version.
      return `insert into ${schema}.streams as s (stream, version, last_hash) values ($3, $4, $5)
        on conflict (stream)
        do update set version = excluded.version, last_hash = excluded.last_hash
        where s.version = $6 and s.last_hash = $7
        returning s.stream`;
    default: {
      const unknown_form: never = form;
      throw new Error(`unknown head form ${String(unknown_form)}`);
    }
  }
}

function writeAtHead(schema: string, form: HeadForm, notify_channel: string | null): PreparedText {
  return named(`${writeAtHeadClauses(schema, form)}
    ${finalSelect(notify_channel)}`);
}

function writeAtHeadClauses(schema: string, form: HeadForm): string {
  // The allocation is a column of the rows of `head`: it runs only when the head was moved.
  return `with head as (${moveHead(schema, form)}),
    allocated as materialized (
      select ${schema}.allocate_event_positions($2::integer) as allocation from head
    ), ${insertEvents(schema)}`;
}

function writeAtHeads(schema: string, notify_channel: string | null): PreparedText {
  const notify = notify_channel === null ? '' : `, pg_notify('${notify_channel}', '')`;
  // No row when nothing was written, as finalSelect; but when heads it created are not written
  // to, the statement fails instead, which undoes them.
  return named(`${writeAtHeadsClauses(schema)}
    select first_position${notify} from (
      select case when a.allocation is null and exists (select 1 from created)
               then ${schema}.stream_heads_moved()
               else (a.allocation).first_position::text end as first_position
      from (select 1) as one left join allocated a on true
    ) as written where first_position is not null`);
}

function writeAtHeadsClauses(schema: string): string {
  // Heads are locked in name order (as lock_heads does), so concurrent appends cannot deadlock;
  // a head that moved while we waited for its lock fails the recheck and is left out.
  // A head marked new is inserted at its new version: counted with the locked ones, and left to
  // the statement's end to undo (by failing) should the write not happen.
  return `with expected as (
      select * from jsonb_to_recordset($3::jsonb) as h(stream text, version integer,
        last_hash text, expected_version integer, expected_hash text, is_new boolean)
    ), locked as materialized (
      select s.stream from ${schema}.streams s join expected h on h.stream = s.stream
      where ${byStreamKey('s', 'expected')} and not coalesce(h.is_new, false)
        and s.version = h.expected_version and s.last_hash = h.expected_hash
      order by s.stream for update of s
    ), created as (
      insert into ${schema}.streams (stream, version, last_hash)
      select h.stream, h.version, h.last_hash from expected h where h.is_new
      order by h.stream
      on conflict (stream) do nothing
      returning stream
    ), moved as (
      update ${schema}.streams s set version = h.version, last_hash = h.last_hash
      from expected h
      where ${byStreamKey('s', 'expected')} and s.stream = h.stream
        and (select count(*) from locked) + (select count(*) from created) = $4::integer
        and s.stream in (select stream from locked)
      returning s.stream
    ), allocated as materialized (
      select ${schema}.allocate_event_positions($2::integer) as allocation
      where (select count(*) from moved) + (select count(*) from created) = $4::integer
    ), ${insertEvents(schema)}`;
}

/**
 * The caller's own statements as WITH clauses of an append statement (see `asWithClauses`): their
 * text, and the names of those that must change one row.
 */
export interface OwnClauses {
  clauses: readonly string[];
  one_row_clauses: readonly string[];
}

/**
 * writeAtHeads with the caller's own statements as WITH clauses (their parameters after the four
 * of the append). They run whatever the heads. `fail` (the statement is its own transaction):
 * when a head had moved, or an own statement that must change one row did not, the statement
 * fails (SQLSTATE ES409, see migration 003), which undoes them with the rest. `write_own` (in the
 * caller's transaction, which goes on to lock the heads): no row when a head had moved, and the
 * own statements are written all the same.
 */
export function writeAtHeadsWith(
  schema: string,
  notify_channel: string,
  own: OwnClauses,
  on_moved: OnMoved,
): PreparedText {
  return withOwn(['heads', schema, notify_channel, on_moved], own, () =>
    named(`${writeAtHeadsClauses(schema)}, ${own.clauses.join(', ')}
      ${endingWithOwn(schema, notify_channel, own, on_moved)}`),
  );
}

/** writeAtHead with the caller's own statements as WITH clauses, as writeAtHeadsWith. */
export function writeAtHeadWith(
  schema: string,
  form: HeadForm,
  notify_channel: string,
  own: OwnClauses,
  on_moved: OnMoved,
): PreparedText {
  return withOwn(['head', schema, form, notify_channel, on_moved], own, () =>
    named(`${writeAtHeadClauses(schema, form)}, ${own.clauses.join(', ')}
      ${endingWithOwn(schema, notify_channel, own, on_moved)}`),
  );
}

/** What an append with own statements does when a head had moved (see writeAtHeadsWith). */
export type OnMoved = 'fail' | 'write_own';

function endingWithOwn(
  schema: string,
  notify_channel: string,
  own: OwnClauses,
  on_moved: OnMoved,
): string {
  if (on_moved === 'fail') return failUnlessWritten(schema, notify_channel, own);
  // Written whatever the heads, so nothing could undo a missed row.
  if (own.one_row_clauses.length > 0)
    throw new Error('an own statement that must change one row needs on_moved: fail');
  return finalSelect(notify_channel);
}

function failUnlessWritten(schema: string, notify_channel: string, own: OwnClauses): string {
  const notify = `, pg_notify('${notify_channel}', '')`;
  return `select case when a.allocation is null or ${oneRowMissed(own.one_row_clauses)}
             then ${schema}.stream_heads_moved()
             else (a.allocation).first_position::text end as first_position${notify}
    from (select 1) as one left join allocated a on true`;
}

/**
 * Built and named (hashed) once per shape: callers' statements come in a handful of shapes, and
 * this runs for every transfer.
 */
function withOwn(
  shape: readonly string[],
  own: OwnClauses,
  build: () => PreparedText,
): PreparedText {
  const key = [...shape, ...own.clauses].join('\u0000');
  let statement = statements_with_own.get(key);
  if (!statement) {
    if (statements_with_own.size >= STATEMENTS_WITH_OWN_KEPT) statements_with_own.clear();
    statement = build();
    statements_with_own.set(key, statement);
  }
  return statement;
}

/** More shapes than this means callers build their statements' text from data: start over. */
const STATEMENTS_WITH_OWN_KEPT = 256;
const statements_with_own = new Map<string, PreparedText>();

export function appendStatements(schema: string, notify_channel: string): AppendStatements {
  return {
    write_locked: {
      after_commit: writeLocked(schema, null),
      in_statement: writeLocked(schema, notify_channel),
    },
    write_at_head: {
      after_commit: writeAtHead(schema, 'existing', null),
      in_statement: writeAtHead(schema, 'existing', notify_channel),
    },
    write_from_empty: {
      after_commit: writeAtHead(schema, 'existing_or_missing', null),
      in_statement: writeAtHead(schema, 'existing_or_missing', notify_channel),
    },
    write_at_heads: {
      after_commit: writeAtHeads(schema, null),
      in_statement: writeAtHeads(schema, notify_channel),
    },
    read_head: named(`select version, last_hash from ${schema}.streams where stream = $1`),
    lock_head: named(
      `select version, last_hash from ${schema}.streams where stream = $1 for update`,
    ),
    create_head: named(`insert into ${schema}.streams (stream, version, last_hash)
      values ($1, 0, '') on conflict (stream) do nothing`),
    create_heads: named(`insert into ${schema}.streams (stream, version, last_hash)
      select stream, 0, '' from unnest($1::text[]) as stream
      on conflict (stream) do nothing`),
    lock_heads: named(`select stream, version, last_hash from ${schema}.streams
      where stream = any($1::text[]) order by stream for update`),
  };
}
