import type { Pool, PoolClient } from 'pg';
import type { RiskBatchResource } from '@platform/contracts';
import { withTransaction } from '@platform/persistence';
import type { BatchState } from '../../domain/batches/batch';
import type { BatchItem } from '../../domain/batches/batch-rows';
import { BatchItemsRepository } from './batch-items.repository';
import { leaseBatch, type BatchLease } from './batch-lease';

export interface StoredBatch {
  batch_id: string;
  account_id: string;
  org_id: string;
  purpose: string;
  source: 'json' | 'csv';
  request_fingerprint: string;
  state: BatchState;
  created_at: Date;
  completed_at: Date | null;
}

interface BatchRow {
  batch_id: string;
  account_id: string;
  org_id: string;
  purpose: string;
  source: 'json' | 'csv';
  request_fingerprint: string;
  status: BatchState['status'];
  total: number;
  pending: number;
  completed: number;
  no_score: number;
  consent_required: number;
  invalid: number;
  failed: number;
  created_at: Date;
  completed_at: Date | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BATCH_COLUMNS = `batch_id::text, account_id, org_id, purpose, source, request_fingerprint,
  status, total, pending, completed, no_score, consent_required, invalid, failed, created_at,
  completed_at`;

function stored(row: BatchRow): StoredBatch {
  const { pending, completed, no_score, consent_required, invalid, failed } = row;
  return {
    batch_id: row.batch_id,
    account_id: row.account_id,
    org_id: row.org_id,
    purpose: row.purpose,
    source: row.source,
    request_fingerprint: row.request_fingerprint,
    state: {
      status: row.status,
      total: row.total,
      counts: { pending, completed, no_score, consent_required, invalid, failed },
    },
    created_at: row.created_at,
    completed_at: row.completed_at,
  };
}

export function batchResource(batch: StoredBatch): RiskBatchResource {
  const { state } = batch;
  if (state.status === 'absent') throw new Error('a stored batch always has a status');
  return {
    batch_id: batch.batch_id,
    status: state.status,
    processed: state.total - state.counts.pending,
    total: state.total,
    purpose: batch.purpose,
    source: batch.source,
    counts: { ...state.counts },
    created_at: batch.created_at.toISOString(),
    completed_at: batch.completed_at?.toISOString() ?? null,
  };
}

/** Batches and their items; another account's batch is never answered (BOLA). */
export class BatchesRepository {
  readonly items: BatchItemsRepository;

  constructor(private readonly pool: Pool) {
    this.items = new BatchItemsRepository(pool);
  }

  transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, work);
  }

  /** Inserts the batch and its items; null when the account's key is already taken. */
  async insert(
    client: PoolClient,
    batch: StoredBatch & { idempotency_key: string | null },
    items: readonly BatchItem[],
  ): Promise<StoredBatch | null> {
    const { state } = batch;
    const { rows } = await client.query<BatchRow>(
      `insert into risk_batches (batch_id, account_id, org_id, purpose, source, idempotency_key,
         request_fingerprint, status, total, pending, invalid, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       on conflict (account_id, idempotency_key) where idempotency_key is not null do nothing
       returning ${BATCH_COLUMNS}`,
      [
        batch.batch_id,
        batch.account_id,
        batch.org_id,
        batch.purpose,
        batch.source,
        batch.idempotency_key,
        batch.request_fingerprint,
        state.status,
        state.total,
        state.counts.pending,
        state.counts.invalid,
        batch.created_at,
      ],
    );
    const row = rows[0];
    if (!row) return null;
    await this.items.insert(client, batch.batch_id, items);
    return stored(row);
  }

  async byKey(account_id: string, idempotency_key: string): Promise<StoredBatch | null> {
    const { rows } = await this.pool.query<BatchRow>(
      `select ${BATCH_COLUMNS} from risk_batches where account_id = $1 and idempotency_key = $2`,
      [account_id, idempotency_key],
    );
    return rows[0] ? stored(rows[0]) : null;
  }

  async get(account_id: string, batch_id: string): Promise<StoredBatch | null> {
    if (!UUID.test(batch_id)) return null;
    const { rows } = await this.pool.query<BatchRow>(
      `select ${BATCH_COLUMNS} from risk_batches where batch_id = $1 and account_id = $2`,
      [batch_id, account_id],
    );
    return rows[0] ? stored(rows[0]) : null;
  }

  /** Any account's batch: for its worker, never for an answer to a client. */
  async find(batch_id: string): Promise<StoredBatch | null> {
    const { rows } = await this.pool.query<BatchRow>(
      `select ${BATCH_COLUMNS} from risk_batches where batch_id = $1`,
      [batch_id],
    );
    return rows[0] ? stored(rows[0]) : null;
  }

  /** The batch, locked for the caller's transaction. */
  async lock(client: PoolClient, batch_id: string): Promise<StoredBatch | null> {
    const { rows } = await client.query<BatchRow>(
      `select ${BATCH_COLUMNS} from risk_batches where batch_id = $1 for update`,
      [batch_id],
    );
    return rows[0] ? stored(rows[0]) : null;
  }

  async list(account_id: string, limit: number, offset: number): Promise<StoredBatch[]> {
    const { rows } = await this.pool.query<BatchRow>(
      `select ${BATCH_COLUMNS} from risk_batches where account_id = $1
        order by created_at desc, batch_id desc limit $2 offset $3`,
      [account_id, limit, offset],
    );
    return rows.map(stored);
  }

  async saveState(
    client: PoolClient,
    batch_id: string,
    state: BatchState,
    failure_reason: string | null = null,
  ): Promise<Date | null> {
    const finished = state.status === 'completed' || state.status === 'failed';
    const { counts } = state;
    const { rows } = await client.query<{ completed_at: Date | null }>(
      `update risk_batches set status = $2, pending = $3, completed = $4, no_score = $5,
              consent_required = $6, invalid = $7, failed = $8, updated_at = now(),
              completed_at = case when $9 then now() end,
              failure_reason = coalesce($10, failure_reason)
        where batch_id = $1 returning completed_at`,
      [
        batch_id,
        state.status,
        counts.pending,
        counts.completed,
        counts.no_score,
        counts.consent_required,
        counts.invalid,
        counts.failed,
        finished,
        failure_reason,
      ],
    );
    return rows[0]?.completed_at ?? null;
  }

  /** Unfinished batches, oldest progress first; `idle_ms` leaves out those that moved lately. */
  async unfinished(idle_ms: number, limit: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ batch_id: string }>(
      `select batch_id::text from risk_batches
        where status in ('queued', 'processing')
          and updated_at <= now() - $1::double precision * interval '1 millisecond'
        order by updated_at limit $2`,
      [idle_ms, limit],
    );
    return rows.map((row) => row.batch_id);
  }

  /** See `leaseBatch`. */
  lease(batch_id: string): Promise<BatchLease | null> {
    return leaseBatch(this.pool, batch_id);
  }
}
