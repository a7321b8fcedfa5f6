import path from 'node:path';
import type { ClientBase, Pool } from 'pg';
import { assertIdentifier } from '../database';
import { migrate } from '../migrations';
import { storableText } from './failures';

const MIGRATIONS_DIR = path.join(__dirname, '..', '..', 'migrations', 'dead-letters');
/** Longest payload text kept; a record larger than this is kept cut short. */
const MAX_PAYLOAD_LENGTH = 1_000_000;

/** A record set aside, as the operator sees it. */
export interface DeadLetter {
  letter_id: string;
  /** What set it aside: `projection:ledger`, `consumer:events.ledger`, `worker:payout_step`... */
  source: string;
  /** The record's id in its source: an event id, a message id, a row id. */
  record_key: string;
  reason: string;
  /** The record as JSON, or its text when it was not JSON (or was cut short). */
  payload: unknown;
  attempts: number;
  first_failed_at: string;
  last_failed_at: string;
}

export interface NewDeadLetter {
  source: string;
  record_key: string;
  /** See describeFailure: never a raw upstream body or a credential. */
  reason: string;
  payload: unknown;
  attempts: number;
  first_failed_at?: Date;
}

export interface DeadLetterFilter {
  source?: string;
  limit: number;
  offset: number;
}

export interface DeadLetterPage {
  total: number;
  dead_letters: DeadLetter[];
}

type Queryable = Pick<ClientBase, 'query'>;

interface LetterRow {
  letter_id: string;
  source: string;
  record_key: string;
  reason: string;
  payload: string | null;
  attempts: number;
  first_failed_at: Date;
  last_failed_at: Date;
}

/** A row of the page: the total, and a letter's columns, all null on a page past the end. */
type PageRow = { total: string } & { [column in keyof LetterRow]: LetterRow[column] | null };

/**
 * The dead-letter table of one service's schema (D12): records that a projection, consumer or
 * worker set aside so that the rest goes on, with the reason, for the operator to see. Setting
 * the same record aside again adds its attempts to the letter.
 */
export class DeadLetters {
  readonly schema: string;

  constructor(
    private readonly pool: Pool,
    schema: string,
  ) {
    this.schema = assertIdentifier(schema);
  }

  /** Creates the table in `schema`; the files keep their own version table. */
  static migrate(pool: Pool, schema: string): Promise<number> {
    return migrate(pool, {
      schema,
      migrations_dir: MIGRATIONS_DIR,
      version_table: 'dead_letters_schemaversion',
    });
  }

  /** Records the letter on `db` (the caller's transaction, when the source skips in one). */
  async record(letter: NewDeadLetter, db: Queryable = this.pool): Promise<void> {
    await db.query(
      `insert into ${this.schema}.dead_letters (source, record_key, reason, payload, attempts,
         first_failed_at, last_failed_at)
       values ($1, $2, $3, $4, $5, coalesce($6::timestamptz, now()), now())
       on conflict (source, record_key) do update set
         reason = excluded.reason,
         payload = excluded.payload,
         attempts = dead_letters.attempts + excluded.attempts,
         last_failed_at = excluded.last_failed_at`,
      [
        storableText(letter.source),
        storableText(letter.record_key),
        storableText(letter.reason),
        payloadText(letter.payload),
        Math.max(1, letter.attempts),
        letter.first_failed_at ?? null,
      ],
    );
  }

  /**
   * Newest failure first. One statement, so that the total and the page come from one snapshot:
   * counted apart, a letter recorded between the two reads made a page whose total counted a
   * letter its rows did not hold.
   */
  async list(filter: DeadLetterFilter): Promise<DeadLetterPage> {
    const { rows } = await this.pool.query<PageRow>(
      `select counted.total, page.*
         from (
           select count(*)::text as total from ${this.schema}.dead_letters
            where $1::text is null or source = $1
         ) counted
         left join lateral (
           select letter_id::text, source, record_key, reason, payload, attempts,
                  first_failed_at, last_failed_at
             from ${this.schema}.dead_letters
            where $1::text is null or source = $1
            order by last_failed_at desc, letter_id desc
            limit $2 offset $3
         ) page on true`,
      [filter.source ?? null, filter.limit, filter.offset],
    );
    return {
      total: Number(rows[0]?.total ?? 0),
      // A page past the end is the count alone: one row whose letter columns are null.
      dead_letters: rows
        .filter((row): row is PageRow & LetterRow => row.letter_id !== null)
        .map(toDeadLetter),
    };
  }

  /** Forgets a letter; the letter it was, or null when there was none. */
  async delete(letter_id: string): Promise<DeadLetter | null> {
    const { rows } = await this.pool.query<LetterRow>(
      `delete from ${this.schema}.dead_letters where letter_id = $1::bigint
       returning letter_id::text, source, record_key, reason, payload, attempts,
                 first_failed_at, last_failed_at`,
      [letter_id],
    );
    return rows[0] ? toDeadLetter(rows[0]) : null;
  }

  /** The record keys of `source` that are set aside, of those given. */
  async setAside(source: string, record_keys: readonly string[], db: Queryable = this.pool) {
    if (record_keys.length === 0) return new Set<string>();
    const { rows } = await db.query<{ record_key: string }>(
      `select record_key from ${this.schema}.dead_letters
        where source = $1 and record_key = any($2::text[])`,
      [source, record_keys],
    );
    return new Set(rows.map((row) => row.record_key));
  }

  /** See notSetAsideSql, on this table. */
  notSetAside(source_parameter: string, key_sql: string): string {
    return notSetAsideSql(this.schema, source_parameter, key_sql);
  }
}

/**
 * A SQL condition for a source's look for work (or a replay): true when the row's key (`key_sql`,
 * a text expression) was not set aside by the source named by the parameter `source_parameter`
 * in `schema`'s dead-letter table.
 */
export function notSetAsideSql(schema: string, source_parameter: string, key_sql: string): string {
  return `not exists (select 1 from ${assertIdentifier(schema)}.dead_letters as letter
    where letter.source = ${source_parameter} and letter.record_key = ${key_sql})`;
}

function payloadText(payload: unknown): string | null {
  if (payload === undefined) return null;
  let text: string;
  try {
    text = JSON.stringify(payload) ?? String(payload);
  } catch {
    text = String(payload);
  }
  return storableText(text.slice(0, MAX_PAYLOAD_LENGTH));
}

function toDeadLetter(row: LetterRow): DeadLetter {
  return {
    letter_id: row.letter_id,
    source: row.source,
    record_key: row.record_key,
    reason: row.reason,
    payload: parsedPayload(row.payload),
    attempts: row.attempts,
    first_failed_at: row.first_failed_at.toISOString(),
    last_failed_at: row.last_failed_at.toISOString(),
  };
}

function parsedPayload(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
