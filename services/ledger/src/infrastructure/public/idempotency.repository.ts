import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool, PoolClient } from 'pg';
import { DomainError } from '@platform/contracts';
import { markReplayed } from '@platform/messaging';
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

/** A statement of the caller's own: its text, with `$1`... numbering `values`. */
export interface OwnStatement {
  text: string;
  values: readonly unknown[];
}

/**
 * Records an operation's answer as its key's in the operation's own transaction, so that the
 * answer commits with the operation (one commit, not two). Optional: an answer not recorded so is
 * stored after the operation returns. `together` (an insert or update of the caller's, with no
 * result it needs) runs in the same statement: one round trip for both, in a transaction whose
 * streams other operations wait on.
 */
export type SettleInTransaction<T> = (
  client: PoolClient,
  response: T,
  together?: OwnStatement,
) => Promise<void>;

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
    execute: (record_id: string, settle: SettleInTransaction<T>) => Promise<T>,
  ): Promise<T> {
    const { idempotency_key } = key;
    if (idempotency_key === undefined) {
      return execute(randomUUID(), async (client, _response, together) => {
        if (together) await client.query(together.text, [...together.values]);
      });
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
    execute: (record_id: string, settle: SettleInTransaction<T>) => Promise<T>,
  ): Promise<T> {
    let response: T;
    let settled = false;
    const settle: SettleInTransaction<T> = async (client, answer, together) => {
      await this.markDone(client, key, idempotency_key, answer, together);
      settled = true;
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
    if (!settled) await this.markDone(this.pool, key, idempotency_key, response);
    return response;
  }

  private async markDone(
    db: Pool | PoolClient,
    key: { account_id: string; scope: IdempotencyScope },
    idempotency_key: string,
    response: unknown,
    together?: OwnStatement,
  ): Promise<void> {
    // The caller's statement goes first as a data-modifying WITH (run to completion whether or
    // not it is read), its parameters first: the key's follow them.
    const own = together?.values ?? [];
    const at = (index: number) => `$${own.length + index}`;
    await db.query(
      `${together ? `with together as (${together.text}) ` : ''}` +
        `update ${LEDGER_SCHEMA}.idempotency_keys set status = 'done', response = ${at(4)}
          where account_id = ${at(1)} and scope = ${at(2)} and idempotency_key = ${at(3)}`,
      [...own, key.account_id, key.scope, idempotency_key, JSON.stringify(response)],
    );
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
