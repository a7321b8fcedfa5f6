import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool } from 'pg';
import { DomainError } from '@platform/contracts';
import { markReplayed } from '@platform/messaging';
import type { OwnStatement } from '@platform/persistence';
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

  async run<T>(
    key: { account_id: string; scope: IdempotencyScope; idempotency_key: string | undefined },
    fingerprint: string,
    execute: (record_id: string, settle: SettleStatements<T>) => Promise<T>,
  ): Promise<T> {
    const { idempotency_key } = key;
    if (idempotency_key === undefined) {
      return execute(randomUUID(), (_response, together) => [...(together ?? [])]);
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
