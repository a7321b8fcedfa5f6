import type { Pool, PoolClient } from 'pg';
import type {
  RiskBatchItemResource,
  RiskBatchItemStatus,
  RiskBatchResource,
} from '@platform/contracts';
import { withTransaction } from '@platform/persistence';
import type { BatchState } from '../../domain/batches/batch';
import type { BatchItem } from '../../domain/batches/batch-rows';

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

/** A pending item as the worker evaluates it. */
export interface PendingItem {
  position: number;
  country: string;
  doc_id: string;
  subject_type: 'person' | 'company';
}

/** What evaluating one item gave. */
export interface ItemResult {
  position: number;
  status: Exclude<RiskBatchItemStatus, 'pending' | 'invalid'>;
  score: number | null;
  band: string | null;
  report_id: string | null;
  error: string | null;
  reason: string | null;
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
const ITEM_COLUMNS = `position, country, doc_id, subject_type, status, score, band, report_id,
  error, reason`;

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
  constructor(private readonly pool: Pool) {}

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
    const invalid = (item: BatchItem, field: 'error' | 'reason') =>
      item.status === 'invalid' ? item[field] : null;
    await client.query(
      `insert into risk_batch_items (batch_id, position, country, doc_id, subject_type, status,
         error, reason, processed_at)
       select $1, item.*, case when item.status = 'invalid' then now() end
         from unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                     $8::text[]) as item`,
      [
        batch.batch_id,
        items.map((item) => item.position),
        items.map((item) => item.country),
        items.map((item) => item.doc_id),
        items.map((item) => item.subject_type),
        items.map((item) => item.status),
        items.map((item) => invalid(item, 'error')),
        items.map((item) => invalid(item, 'reason')),
      ],
    );
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

  async items(
    batch_id: string,
    options: { limit: number; offset: number; status?: RiskBatchItemStatus },
  ): Promise<RiskBatchItemResource[]> {
    const { rows } = await this.pool.query<RiskBatchItemResource>(
      `select ${ITEM_COLUMNS} from risk_batch_items
        where batch_id = $1 and ($2::text is null or status = $2)
        order by position limit $3 offset $4`,
      [batch_id, options.status ?? null, options.limit, options.offset],
    );
    return rows;
  }

  /** The next pending items in row order. */
  async pending(batch_id: string, limit: number): Promise<PendingItem[]> {
    const { rows } = await this.pool.query<PendingItem>(
      `select position, country, doc_id, subject_type from risk_batch_items
        where batch_id = $1 and status = 'pending' order by position limit $2`,
      [batch_id, limit],
    );
    return rows;
  }

  /** Stores a chunk's results on items still pending; answers how many it stored. */
  async storeResults(
    client: PoolClient,
    batch_id: string,
    results: readonly ItemResult[],
  ): Promise<number> {
    const { rowCount } = await client.query(
      `update risk_batch_items as item
          set status = result.status, score = result.score, band = result.band,
              report_id = result.report_id, error = result.error, reason = result.reason,
              processed_at = now()
         from unnest($2::int[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[],
                     $8::text[]) as result (position, status, score, band, report_id, error, reason)
        where item.batch_id = $1 and item.position = result.position and item.status = 'pending'`,
      [
        batch_id,
        results.map((result) => result.position),
        results.map((result) => result.status),
        results.map((result) => result.score),
        results.map((result) => result.band),
        results.map((result) => result.report_id),
        results.map((result) => result.error),
        results.map((result) => result.reason),
      ],
    );
    return rowCount ?? 0;
  }

  /** A batch failed as a whole: its pending items fail with the reason. */
  async failPending(client: PoolClient, batch_id: string, reason: string): Promise<void> {
    await client.query(
      `update risk_batch_items set status = 'failed', error = 'batch_failed', reason = $2,
              processed_at = now()
        where batch_id = $1 and status = 'pending'`,
      [batch_id, reason],
    );
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

  /** The latest consent the subject granted the account, if any (its report checks it covers). */
  async grantedConsent(account_id: string, subject_id: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ consent_id: string }>(
      `select consent_id::text from risk_consents
        where account_id = $1 and subject_id = $2 and status = 'granted'
        order by decided_at desc nulls last limit 1`,
      [account_id, subject_id],
    );
    return rows[0]?.consent_id ?? null;
  }

  /**
   * The batch's run lease: a session advisory lock on a client of its own, held while one worker
   * evaluates the batch. A worker that dies loses its connection and with it the lease, so a
   * rescheduled run takes over; a live one keeps others out. Null when another worker holds it.
   */
  async lease(batch_id: string): Promise<{ release(): Promise<void> } | null> {
    const client = await this.pool.connect();
    try {
      const { rows } = await client.query<{ leased: boolean }>(
        `select pg_try_advisory_lock(hashtext('risk_batch'), hashtext($1)) as leased`,
        [batch_id],
      );
      if (!rows[0]?.leased) {
        client.release();
        return null;
      }
    } catch (error) {
      client.release(true);
      throw error;
    }
    return {
      release: async () => {
        try {
          await client.query(`select pg_advisory_unlock(hashtext('risk_batch'), hashtext($1))`, [
            batch_id,
          ]);
          client.release();
        } catch {
          client.release(true);
        }
      },
    };
  }
}
