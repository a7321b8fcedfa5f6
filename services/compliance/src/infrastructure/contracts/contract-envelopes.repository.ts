import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { SERVICE_POOL } from '@platform/runtime';
import type { EnvelopeState } from '../../domain/contracts/envelope-state';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The contract_envelopes table: the decider's state per envelope. */
@Injectable()
export class ContractEnvelopesRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  /** The account's envelope; null for another account's, an unknown or a malformed id. */
  async read(account_id: string, envelope_id: string): Promise<EnvelopeState | null> {
    if (!UUID.test(envelope_id)) return null;
    const { rows } = await this.pool.query<{ state: EnvelopeState }>(
      'select state from contract_envelopes where envelope_id = $1 and account_id = $2',
      [envelope_id, account_id],
    );
    return rows[0]?.state ?? null;
  }

  async list(account_id: string, limit: number, offset: number): Promise<EnvelopeState[]> {
    const { rows } = await this.pool.query<{ state: EnvelopeState }>(
      `select state from contract_envelopes where account_id = $1
        order by created_at desc, envelope_id desc limit $2 offset $3`,
      [account_id, limit, offset],
    );
    return rows.map((row) => row.state);
  }

  async findByKey(
    org_id: string,
    idempotency_key: string,
  ): Promise<{ state: EnvelopeState; request_hash: string | null } | null> {
    const { rows } = await this.pool.query<{ state: EnvelopeState; request_hash: string | null }>(
      'select state, request_hash from contract_envelopes where org_id = $1 and idempotency_key = $2',
      [org_id, idempotency_key],
    );
    return rows[0] ?? null;
  }

  /** A signed envelope by its public code. */
  async findByCode(code: string): Promise<EnvelopeState | null> {
    const { rows } = await this.pool.query<{ state: EnvelopeState }>(
      "select state from contract_envelopes where code = $1 and status = 'signed'",
      [code],
    );
    return rows[0]?.state ?? null;
  }

  /** The row locked for the caller's transaction; null when it is not the account's. */
  async lock(
    client: PoolClient,
    account_id: string,
    envelope_id: string,
  ): Promise<EnvelopeState | null> {
    const { rows } = await client.query<{ state: EnvelopeState }>(
      'select state from contract_envelopes where envelope_id = $1 and account_id = $2 for update',
      [envelope_id, account_id],
    );
    return rows[0]?.state ?? null;
  }

  /** Inserts a new envelope; false when its idempotency key was taken meanwhile. */
  async insert(
    client: PoolClient,
    state: EnvelopeState,
    idempotency: { key: string | null; request_hash: string },
  ): Promise<boolean> {
    const { rowCount } = await client.query(
      `insert into contract_envelopes (envelope_id, org_id, account_id, template_id, status, state,
                                       idempotency_key, request_hash, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
       on conflict (org_id, idempotency_key) where idempotency_key is not null do nothing`,
      [
        state.envelope_id,
        state.org_id,
        state.account_id,
        state.template_id,
        state.status,
        JSON.stringify(state),
        idempotency.key,
        idempotency.request_hash,
        state.created_at,
      ],
    );
    return rowCount === 1;
  }

  async save(client: PoolClient, state: EnvelopeState): Promise<void> {
    await client.query(
      `update contract_envelopes set status = $2, state = $3, code = $4, updated_at = $5
        where envelope_id = $1`,
      [
        state.envelope_id,
        state.status,
        JSON.stringify(state),
        state.signature?.code ?? null,
        state.updated_at,
      ],
    );
  }
}
