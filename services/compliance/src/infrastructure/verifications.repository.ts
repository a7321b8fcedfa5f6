import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { SERVICE_POOL } from '@platform/runtime';
import type { VerificationState } from '../domain/verification-state';

export interface LinkRow {
  account_id: string;
  link_id: string;
}

export interface QueueFilter {
  org_id: string | null;
  status?: string;
  limit: number;
  offset: number;
}

/** The verifications table: the decider's state per account, and the links' token hashes. */
@Injectable()
export class VerificationsRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  async read(account_id: string): Promise<VerificationState | null> {
    const { rows } = await this.pool.query<{ state: VerificationState }>(
      'select state from verifications where account_id = $1',
      [account_id],
    );
    return rows[0]?.state ?? null;
  }

  /** The account whose current submission this is; null for an unknown or superseded one. */
  async accountOfSubmission(submission_id: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ account_id: string }>(
      'select account_id from verifications where submission_id = $1',
      [submission_id],
    );
    return rows[0]?.account_id ?? null;
  }

  async linkOf(token_hash: string): Promise<LinkRow | null> {
    const { rows } = await this.pool.query<LinkRow>(
      'select account_id, link_id from verification_links where token_hash = $1',
      [token_hash],
    );
    return rows[0] ?? null;
  }

  /** The row locked for the caller's transaction; null before the account's first link. */
  async lock(client: PoolClient, account_id: string): Promise<VerificationState | null> {
    const { rows } = await client.query<{ state: VerificationState }>(
      'select state from verifications where account_id = $1 for update',
      [account_id],
    );
    return rows[0]?.state ?? null;
  }

  async save(client: PoolClient, state: VerificationState): Promise<void> {
    await client.query(
      `insert into verifications (account_id, org_id, kind, status, phase, submission_id, state,
                                  submitted_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9::timestamptz, now()))
       on conflict (account_id) do update set
         status = excluded.status, phase = excluded.phase, submission_id = excluded.submission_id,
         state = excluded.state, submitted_at = excluded.submitted_at,
         updated_at = excluded.updated_at, version = verifications.version + 1`,
      [
        state.account_id,
        state.org_id,
        state.kind,
        state.status,
        state.phase,
        state.submission_id,
        JSON.stringify(state),
        state.submitted_at,
        state.updated_at,
      ],
    );
  }

  async addLink(
    client: PoolClient,
    link: { token_hash: string; link_id: string; account_id: string; expires_at: string },
  ): Promise<void> {
    await client.query(
      `insert into verification_links (token_hash, link_id, account_id, expires_at)
       values ($1, $2, $3, $4)`,
      [link.token_hash, link.link_id, link.account_id, link.expires_at],
    );
  }

  /** Submitted verifications, newest first: by public status, in one organization or all. */
  async queue(filter: QueueFilter): Promise<VerificationState[]> {
    const { rows } = await this.pool.query<{ state: VerificationState }>(
      `select state from verifications
        where submitted_at is not null
          and ($1::text is null or org_id = $1)
          and ($2::text is null or status = $2)
        order by submitted_at desc, account_id
        limit $3 offset $4`,
      [filter.org_id, filter.status ?? null, filter.limit, filter.offset],
    );
    return rows.map((row) => row.state);
  }
}
