import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool } from 'pg';
import { DomainError } from '@platform/contracts';
import { markReplayed } from '@platform/messaging';
import { OwnStatementMissedRowError, type OwnStatement } from '@platform/persistence';
import { LEDGER_SCHEMA } from '../balances-projection';

export type IdempotencyScope = 'swap' | 'transfer';

/** A pending claim older than this is taken as abandoned (its process died) and run again. */
const ABANDONED_AFTER_MS = 30_000;
const WAIT_STEP_MS = 20;

interface StoredKey {
  fingerprint: string;
  record_id: string;
  status: 'pending' | 'done';
  response: unknown;
  claimed: boolean;
}

/**
 * The statements that record an operation's answer as its key's, after the caller's own
 * (`together`), for the caller to run in the operation's transaction (or its one statement), so
 * that the answer commits with the operation: the caller runs them, or fails. Optional: an
 * answer not recorded so is stored after the operation returns.
 */
export type SettleStatements<T> = (
  response: T,
  together?: readonly OwnStatement[],
) => OwnStatement[];

/**
 * D7 idempotency: the first request with a key claims it and runs; concurrent ones wait for its
 * answer; later ones get the stored answer; another payload is `idempotency_conflict`. The
 * operation runs with a record id fixed at the claim, so a takeover after a crash reuses it and
 * the ledger's own operation idempotency keeps money from moving twice.
 */
export class IdempotencyRepository {
  constructor(private readonly pool: Pool) {}

  /**
   * `settles_in_commit`: the operation always writes its settle statements in the commit of its
   * effect (one statement or one transaction). A key never seen is then not claimed first: the
   * operation runs at once and its answer is inserted as the key's with its effect, which commits
   * only if no other request took the key meanwhile. When one did (or the key was used before),
   * nothing was written, and the request goes the claiming way: it waits for the other, answers
   * the stored answer, or is `idempotency_conflict`. One round trip fewer for every new key.
   */
  async run<T>(
    key: { account_id: string; scope: IdempotencyScope; idempotency_key: string | undefined },
    fingerprint: string,
    execute: (record_id: string, settle: SettleStatements<T>) => Promise<T>,
    { settles_in_commit = false }: { settles_in_commit?: boolean } = {},
  ): Promise<T> {
    const { idempotency_key } = key;
    if (idempotency_key === undefined) {
      return execute(randomUUID(), (_response, together) => [...(together ?? [])]);
    }
    if (settles_in_commit) {
      const unclaimed = await this.runUnclaimed(key, idempotency_key, fingerprint, execute);
      if (unclaimed.ran) return unclaimed.response;
    }
    const deadline_ms = Date.now() + ABANDONED_AFTER_MS * 2;
    for (;;) {
      const stored = await this.claim(key, idempotency_key, fingerprint);
      if (stored.fingerprint !== fingerprint) {
        throw new DomainError(
          'idempotency_conflict',
          'this idempotency_key was already used with a different request',
        );
      }
      if (stored.status === 'done') return replayedResponse<T>(stored.response);
      if (stored.claimed) return this.execute(key, idempotency_key, stored.record_id, execute);
      if (Date.now() > deadline_ms) {
        throw new DomainError(
          'service_unavailable',
          'the request with this idempotency_key is still running; retry with the same key',
        );
      }
      await sleep(WAIT_STEP_MS);
    }
  }

  /**
   * Runs the operation without a claim, its answer inserted as the key's in its commit; `ran:
   * false` when the key was taken (nothing of the operation was written). An operation refused
   * while the key holds an answer is not this request's refusal: the stored answer (or the
   * conflict) is, so it goes the claiming way too.
   */
  private async runUnclaimed<T>(
    key: { account_id: string; scope: IdempotencyScope },
    idempotency_key: string,
    fingerprint: string,
    execute: (record_id: string, settle: SettleStatements<T>) => Promise<T>,
  ): Promise<{ ran: true; response: T } | { ran: false }> {
    const record_id = randomUUID();
    const taken = `idempotency key ${key.scope}/${idempotency_key} was taken meanwhile`;
    let settled = false;
    const settle: SettleStatements<T> = (answer, together) => {
      settled = true;
      const done = this.doneInsert(key, idempotency_key, fingerprint, record_id, answer);
      return [...(together ?? []), { ...done, one_row_or_fail: taken }];
    };
    try {
      const response = await execute(record_id, settle);
      // A programming error, never a client's: the effect committed without its key's answer.
      if (!settled) throw new Error(`${key.scope} ran with settles_in_commit but never settled`);
      return { ran: true, response };
    } catch (error) {
      if (error instanceof OwnStatementMissedRowError && error.message === taken)
        return { ran: false };
      if (await this.keyExists(key, idempotency_key)) return { ran: false };
      throw error;
    }
  }

  private async keyExists(
    key: { account_id: string; scope: IdempotencyScope },
    idempotency_key: string,
  ): Promise<boolean> {
    const { rows } = await this.pool.query(
      `select 1 from ${LEDGER_SCHEMA}.idempotency_keys
        where account_id = $1 and scope = $2 and idempotency_key = $3`,
      [key.account_id, key.scope, idempotency_key],
    );
    return rows.length > 0;
  }

  private async execute<T>(
    key: { account_id: string; scope: IdempotencyScope },
    idempotency_key: string,
    record_id: string,
    execute: (record_id: string, settle: SettleStatements<T>) => Promise<T>,
  ): Promise<T> {
    let response: T;
    let settled = false;
    const settle: SettleStatements<T> = (answer, together) => {
      settled = true;
      return [...(together ?? []), this.doneStatement(key, idempotency_key, answer)];
    };
    try {
      response = await execute(record_id, settle);
    } catch (error) {
      // A settle whose transaction then failed rolled back with it: the claim is still pending.
      await this.pool.query(
        `delete from ${LEDGER_SCHEMA}.idempotency_keys
          where account_id = $1 and scope = $2 and idempotency_key = $3 and status = 'pending'`,
        [key.account_id, key.scope, idempotency_key],
      );
      throw error;
    }
    if (!settled) await this.markDone(key, idempotency_key, response);
    return response;
  }

  private async markDone(
    key: { account_id: string; scope: IdempotencyScope },
    idempotency_key: string,
    response: unknown,
  ): Promise<void> {
    const { text, values } = this.doneStatement(key, idempotency_key, response);
    await this.pool.query(text, [...values]);
  }

  private doneStatement(
    key: { account_id: string; scope: IdempotencyScope },
    idempotency_key: string,
    response: unknown,
  ): OwnStatement {
    return {
      text: `update ${LEDGER_SCHEMA}.idempotency_keys set status = 'done', response = $4
               where account_id = $1 and scope = $2 and idempotency_key = $3`,
      values: [key.account_id, key.scope, idempotency_key, JSON.stringify(response)],
    };
  }

  /** The key with its answer, unless it exists (then it inserts nothing). */
  private doneInsert(
    key: { account_id: string; scope: IdempotencyScope },
    idempotency_key: string,
    fingerprint: string,
    record_id: string,
    response: unknown,
  ): OwnStatement {
    return {
      text: `insert into ${LEDGER_SCHEMA}.idempotency_keys
               (account_id, scope, idempotency_key, fingerprint, record_id, status, response)
             values ($1, $2, $3, $4, $5, 'done', $6) on conflict do nothing`,
      values: [
        key.account_id,
        key.scope,
        idempotency_key,
        fingerprint,
        record_id,
        JSON.stringify(response),
      ],
    };
  }

  /** Inserts a pending claim, or takes over an abandoned one, or reads the key as it is. */
  private async claim(
    key: { account_id: string; scope: IdempotencyScope },
    idempotency_key: string,
    fingerprint: string,
  ): Promise<StoredKey> {
    const inserted = await this.pool.query<{ record_id: string }>(
      `insert into ${LEDGER_SCHEMA}.idempotency_keys
         (account_id, scope, idempotency_key, fingerprint, record_id, status)
       values ($1, $2, $3, $4, $5, 'pending')
       on conflict do nothing returning record_id`,
      [key.account_id, key.scope, idempotency_key, fingerprint, randomUUID()],
    );
    const record_id = inserted.rows[0]?.record_id;
    if (record_id)
      return { fingerprint, record_id, status: 'pending', response: null, claimed: true };
    const taken_over = await this.pool.query<{ record_id: string; fingerprint: string }>(
      `update ${LEDGER_SCHEMA}.idempotency_keys set claimed_at = now()
        where account_id = $1 and scope = $2 and idempotency_key = $3 and status = 'pending'
          and fingerprint = $4 and claimed_at < now() - make_interval(secs => $5)
        returning record_id, fingerprint`,
      [key.account_id, key.scope, idempotency_key, fingerprint, ABANDONED_AFTER_MS / 1000],
    );
    const abandoned = taken_over.rows[0];
    if (abandoned) return { ...abandoned, status: 'pending', response: null, claimed: true };
    const { rows } = await this.pool.query<Omit<StoredKey, 'claimed'>>(
      `select fingerprint, record_id, status, response from ${LEDGER_SCHEMA}.idempotency_keys
        where account_id = $1 and scope = $2 and idempotency_key = $3`,
      [key.account_id, key.scope, idempotency_key],
    );
    const row = rows[0];
    // Deleted by a failed run between our insert and read: claim again.
    if (!row)
      return { fingerprint, record_id: '', status: 'pending', response: null, claimed: false };
    return { ...row, claimed: false };
  }
}

/** The stored answer of an earlier request with the key: the reply says it is a replay. */
function replayedResponse<T>(response: unknown): T {
  markReplayed();
  return response as T;
}
