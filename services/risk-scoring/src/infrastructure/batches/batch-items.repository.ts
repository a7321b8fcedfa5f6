import type { Pool, PoolClient } from 'pg';
import type { RiskBatchItemResource, RiskBatchItemStatus } from '@platform/contracts';
import type { BatchItem } from '../../domain/batches/batch-rows';

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

const ITEM_COLUMNS = `position, country, doc_id, subject_type, status, score, band, report_id,
  error, reason`;

/** A batch's items: stored with it, taken by its worker chunk by chunk, read by its account. */
export class BatchItemsRepository {
  constructor(private readonly pool: Pool) {}

  async insert(client: PoolClient, batch_id: string, items: readonly BatchItem[]): Promise<void> {
    const invalid = (item: BatchItem, field: 'error' | 'reason') =>
      item.status === 'invalid' ? item[field] : null;
    await client.query(
      `insert into risk_batch_items (batch_id, position, country, doc_id, subject_type, status,
         error, reason, processed_at)
       select $1, item.*, case when item.status = 'invalid' then now() end
         from unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                     $8::text[])
           as item (position, country, doc_id, subject_type, status, error, reason)`,
      [
        batch_id,
        items.map((item) => item.position),
        items.map((item) => item.country),
        items.map((item) => item.doc_id),
        items.map((item) => item.subject_type),
        items.map((item) => item.status),
        items.map((item) => invalid(item, 'error')),
        items.map((item) => invalid(item, 'reason')),
      ],
    );
  }

  /** One page of the batch's items in row order. */
  async page(
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
}
