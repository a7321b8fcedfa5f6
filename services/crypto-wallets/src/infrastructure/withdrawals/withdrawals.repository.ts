import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import { withTransaction, type PoisonGuard } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import type { WithdrawalState } from '../../domain/withdrawals/withdrawal-state';
import { statusChangedData } from '../../domain/withdrawals/withdrawal-view';
import { WITHDRAWALS_EVENTS, withdrawalStream } from './withdrawals-store';

export interface WithdrawalClaim {
  withdrawal_id: string;
  request_fingerprint: string;
  creation: 'creating' | 'created';
  state: WithdrawalState | null;
}

export interface WithdrawalFilter {
  account_id: string;
  timezone: string;
  status?: string;
  chain?: string;
  asset?: string;
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The withdrawals table and the status events written beside it (the outbox). */
@Injectable()
export class WithdrawalsRepository {
  constructor(
    @Inject(SERVICE_POOL) private readonly pool: Pool,
    @Inject(WITHDRAWALS_EVENTS) private readonly events: PgEventStore,
  ) {}

  /** Takes the account's key for a new withdrawal; false when another request holds it. */
  async claim(input: {
    withdrawal_id: string;
    account_id: string;
    org_id: string;
    idempotency_key: string;
    request_fingerprint: string;
  }): Promise<boolean> {
    const result = await this.pool.query(
      `insert into crypto_withdrawals
         (withdrawal_id, account_id, org_id, idempotency_key, request_fingerprint)
       values ($1, $2, $3, $4, $5) on conflict on constraint crypto_withdrawals_account_key do nothing`,
      [
        input.withdrawal_id,
        input.account_id,
        input.org_id,
        input.idempotency_key,
        input.request_fingerprint,
      ],
    );
    return result.rowCount === 1;
  }

  async findClaim(account_id: string, idempotency_key: string): Promise<WithdrawalClaim | null> {
    const { rows } = await this.pool.query<WithdrawalClaim>(
      `select withdrawal_id::text, request_fingerprint, creation, state
       from crypto_withdrawals where account_id = $1 and idempotency_key = $2`,
      [account_id, idempotency_key],
    );
    return rows[0] ?? null;
  }

  /** A create refused by a check leaves nothing behind: the key is free again. */
  async abandonClaim(withdrawal_id: string): Promise<void> {
    await this.pool.query(
      `delete from crypto_withdrawals where withdrawal_id = $1 and creation = 'creating'`,
      [withdrawal_id],
    );
  }

  /** Claims whose create never finished (the process died mid-create), older than the window. */
  async abandonedClaims(
    older_than_ms: number,
    guard: PoisonGuard,
  ): Promise<{ withdrawal_id: string; account_id: string }[]> {
    const { rows } = await this.pool.query<{ withdrawal_id: string; account_id: string }>(
      `select withdrawal_id::text, account_id from crypto_withdrawals
       where creation = 'creating'
         and created_at < now() - make_interval(secs => $1::double precision / 1000)
         and withdrawal_id::text <> all($2::text[])
         and ${guard.notSetAside('$3', 'withdrawal_id::text')}
       order by created_at limit 50`,
      [older_than_ms, guard.waiting(), guard.source],
    );
    return rows;
  }

  /** Pending withdrawals whose broadcast is due (a create or release that did not finish it). */
  async dueBroadcasts(limit: number, guard: PoisonGuard): Promise<string[]> {
    const { rows } = await this.pool.query<{ withdrawal_id: string }>(
      `select withdrawal_id::text from crypto_withdrawals where next_step_at <= now()
         and withdrawal_id::text <> all($2::text[])
         and ${guard.notSetAside('$3', 'withdrawal_id::text')}
       order by next_step_at limit $1`,
      [limit, guard.waiting(), guard.source],
    );
    return rows.map((row) => row.withdrawal_id);
  }

  async postpone(withdrawal_id: string, delay_ms: number): Promise<void> {
    await this.pool.query(
      `update crypto_withdrawals
       set next_step_at = now() + make_interval(secs => $2::double precision / 1000)
       where withdrawal_id = $1 and next_step_at is not null`,
      [withdrawal_id, delay_ms],
    );
  }

  /** Completes a claimed withdrawal with its first state and its first status event. */
  async finishCreate(
    state: WithdrawalState,
    broadcast_due_ms: number | null,
    correlation_id: string | null,
  ): Promise<void> {
    await withTransaction(this.pool, async (client) => {
      const updated = await client.query(
        `update crypto_withdrawals set creation = 'created', chain = $2, asset = $3, amount = $4
         where withdrawal_id = $1 and creation = 'creating'`,
        [state.withdrawal_id, state.chain, state.asset, state.amount],
      );
      // Claim recovery took the key back: the caller releases its hold; the client retries.
      if (updated.rowCount !== 1) {
        throw new Error(`withdrawal claim ${state.withdrawal_id} was recovered`);
      }
      await this.save(client, state, broadcast_due_ms, correlation_id);
    });
  }

  /** Writes a new state and its status event, in the caller's transaction. */
  async save(
    client: PoolClient,
    state: WithdrawalState,
    broadcast_due_ms: number | null,
    correlation_id: string | null,
  ): Promise<void> {
    await client.query(
      `update crypto_withdrawals set state = $2, status = $3, updated_at = now(),
         next_step_at = case when $4::bigint is null then null
                             else now() + make_interval(secs => $4::bigint / 1000.0) end
       where withdrawal_id = $1`,
      [state.withdrawal_id, JSON.stringify(state), state.status, broadcast_due_ms],
    );
    await this.events.appendInTransaction(
      client,
      withdrawalStream(state.withdrawal_id),
      [
        {
          type: 'crypto-wallets.withdrawal_status_changed',
          data: statusChangedData(state),
          org_id: state.org_id,
          account_id: state.account_id,
          correlation_id,
        },
      ],
      { expected_version: 'any' },
    );
  }

  async find(withdrawal_id: string): Promise<WithdrawalState | null> {
    if (!UUID.test(withdrawal_id)) return null;
    const { rows } = await this.pool.query<{ state: WithdrawalState }>(
      `select state from crypto_withdrawals where withdrawal_id = $1 and creation = 'created'`,
      [withdrawal_id],
    );
    return rows[0]?.state ?? null;
  }

  /** Runs `work` on a withdrawal locked for update; null when absent. */
  async withLocked<T>(
    withdrawal_id: string,
    work: (client: PoolClient, state: WithdrawalState) => Promise<T>,
  ): Promise<T | null> {
    if (!UUID.test(withdrawal_id)) return null;
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ state: WithdrawalState }>(
        `select state from crypto_withdrawals where withdrawal_id = $1 and creation = 'created'
         for update`,
        [withdrawal_id],
      );
      const state = rows[0]?.state;
      return state ? work(client, state) : null;
    });
  }

  /** Newest first; `from`/`to` are dates in the organization's time zone (`to` inclusive). */
  async list(filter: WithdrawalFilter): Promise<WithdrawalState[]> {
    const values: unknown[] = [filter.account_id];
    const conditions = [`account_id = $1`, `creation = 'created'`];
    const add = (sql: (parameter: string) => string, value: unknown) => {
      values.push(value);
      conditions.push(sql(`$${values.length}`));
    };
    if (filter.status) add((p) => `status = ${p}`, filter.status);
    if (filter.chain) add((p) => `chain = ${p}`, filter.chain);
    if (filter.asset) add((p) => `asset = ${p}`, filter.asset);
    if (filter.from || filter.to) values.push(filter.timezone);
    const tz = `$${values.length}`;
    if (filter.from) {
      add((p) => `created_at >= (${p}::date)::timestamp at time zone ${tz}`, filter.from);
    }
    if (filter.to) {
      add((p) => `created_at < (${p}::date + 1)::timestamp at time zone ${tz}`, filter.to);
    }
    values.push(filter.limit, filter.offset);
    const { rows } = await this.pool.query<{ state: WithdrawalState }>(
      `select state from crypto_withdrawals where ${conditions.join(' and ')}
       order by created_at desc, withdrawal_id desc
       limit $${values.length - 1} offset $${values.length}`,
      values,
    );
    return rows.map((row) => row.state);
  }

  /** The platform's sending address on `chain`, created once by `create`. */
  async hotWallet(
    chain: string,
    create: (client: PoolClient) => Promise<{
      address: string;
      derivation_path: string;
    }>,
  ): Promise<string> {
    const { rows } = await this.pool.query<{ address: string }>(
      `select address from withdrawal_hot_wallets where chain = $1`,
      [chain],
    );
    if (rows[0]) return rows[0].address;
    return withTransaction(this.pool, async (client) => {
      await client.query(`select pg_advisory_xact_lock(hashtext('withdrawal_hot_wallets'))`);
      const again = await client.query<{ address: string }>(
        `select address from withdrawal_hot_wallets where chain = $1`,
        [chain],
      );
      if (again.rows[0]) return again.rows[0].address;
      const wallet = await create(client);
      await client.query(
        `insert into withdrawal_hot_wallets (chain, address, derivation_path) values ($1, $2, $3)`,
        [chain, wallet.address, wallet.derivation_path],
      );
      return wallet.address;
    });
  }
}
