import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import type { ReviewOperationKind, ReviewStatus } from '@platform/contracts';
import { SERVICE_POOL } from '@platform/runtime';
import { openedReview, type ReviewState } from '../domain/review-state';

interface ReviewRow {
  review_id: string;
  subject_type: ReviewOperationKind;
  subject_id: string;
  account_id: string;
  org_id: string;
  status: ReviewStatus;
  created_at: Date;
  state: ReviewState | null;
}

const COLUMNS = `review_id::text, subject_type, subject_id, account_id, org_id, status, created_at, state`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A row opened before reviews kept their state starts from its columns. */
function stateOf(row: ReviewRow): ReviewState {
  return (
    row.state ??
    openedReview({
      review_id: row.review_id,
      operation_kind: row.subject_type,
      operation_id: row.subject_id,
      account_id: row.account_id,
      org_id: row.org_id,
      created_at: row.created_at.toISOString(),
      status: row.status,
    })
  );
}

/** The reviews table: one row per held operation, with its decider's state. */
@Injectable()
export class ReviewsRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  async read(review_id: string): Promise<ReviewState | null> {
    if (!UUID.test(review_id)) return null;
    const { rows } = await this.pool.query<ReviewRow>(
      `select ${COLUMNS} from reviews where review_id = $1`,
      [review_id],
    );
    return rows[0] ? stateOf(rows[0]) : null;
  }

  /** The row locked for the caller's transaction. */
  async lock(client: PoolClient, review_id: string): Promise<ReviewState | null> {
    if (!UUID.test(review_id)) return null;
    const { rows } = await client.query<ReviewRow>(
      `select ${COLUMNS} from reviews where review_id = $1 for update`,
      [review_id],
    );
    return rows[0] ? stateOf(rows[0]) : null;
  }

  async save(client: PoolClient, state: ReviewState): Promise<void> {
    await client.query(
      `update reviews set status = $2, state = $3,
         decided_at = case when $2 in ('released', 'rejected')
                           then coalesce(decided_at, now()) end
       where review_id = $1`,
      [state.review_id, state.status, JSON.stringify(state)],
    );
  }

  async listOfAccount(account_id: string, limit: number, offset: number): Promise<ReviewState[]> {
    const { rows } = await this.pool.query<ReviewRow>(
      `select ${COLUMNS} from reviews where account_id = $1
        order by created_at desc, review_id limit $2 offset $3`,
      [account_id, limit, offset],
    );
    return rows.map(stateOf);
  }

  /** Newest first: one organization's reviews (`org_id` null: every one), of one status or all. */
  async listForReviewers(filter: {
    org_id: string | null;
    status: ReviewStatus | null;
    limit: number;
    offset: number;
  }): Promise<ReviewState[]> {
    const { rows } = await this.pool.query<ReviewRow>(
      `select ${COLUMNS} from reviews
        where ($1::text is null or org_id = $1) and ($2::text is null or status = $2)
        order by created_at desc, review_id limit $3 offset $4`,
      [filter.org_id, filter.status, filter.limit, filter.offset],
    );
    return rows.map(stateOf);
  }
}
