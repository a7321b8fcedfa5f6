import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { AccountStatus, ApiKeyListing, KycStatus } from '@platform/contracts';
import { SERVICE_POOL } from '@platform/runtime';

export interface StoredApiKey {
  api_key_id: string;
  account_id: string;
  org_id: string;
  secret_hash: Buffer;
  last_used_at: Date | null;
  account_status: AccountStatus;
  kyc_status: KycStatus;
}

interface ListingRow extends Omit<ApiKeyListing, 'created_at' | 'last_used_at'> {
  created_at: Date;
  last_used_at: Date | null;
}

/** last_used_at is a hint, not an audit trail: written at most once a minute per key. */
const LAST_USED_RESOLUTION_MS = 60_000;

@Injectable()
export class ApiKeysRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  /** False when the account does not exist or is not active. */
  async insert(key: {
    api_key_id: string;
    key_id: string;
    account_id: string;
    label: string;
    secret_hash: Buffer;
    created_by: string | null;
  }): Promise<boolean> {
    const result = await this.pool.query(
      `insert into api_keys (id, key_id, account_id, org_id, label, secret_hash, created_by)
       select $1, $2, a.id, a.org_id, $4, $5, $6 from accounts a
        where a.id = $3 and a.status = 'active'`,
      [key.api_key_id, key.key_id, key.account_id, key.label, key.secret_hash, key.created_by],
    );
    return result.rowCount === 1;
  }

  async list(account_id: string, limit: number, offset: number): Promise<ApiKeyListing[]> {
    const { rows } = await this.pool.query<ListingRow>(
      `select id as api_key_id, key_id, label, created_at, last_used_at from api_keys
        where account_id = $1 and revoked_at is null
        order by created_at desc, id desc limit $2 offset $3`,
      [account_id, limit, offset],
    );
    return rows.map((row) => ({
      ...row,
      created_at: row.created_at.toISOString(),
      last_used_at: row.last_used_at?.toISOString() ?? null,
    }));
  }

  /** False when the account has no live key with this id (another account's included). */
  async revoke(account_id: string, api_key_id: string): Promise<boolean> {
    const result = await this.pool.query(
      `update api_keys set revoked_at = now()
        where id::text = $2 and account_id = $1 and revoked_at is null`,
      [account_id, api_key_id],
    );
    return result.rowCount === 1;
  }

  /**
   * A live key of a confirmed account, with the account's status: a blocked account's key still
   * authenticates (to read), the gateway refuses what else it asks.
   */
  async findUsable(key_id: string): Promise<StoredApiKey | null> {
    const { rows } = await this.pool.query<StoredApiKey>(
      `select k.id as api_key_id, k.account_id, k.org_id, k.secret_hash, k.last_used_at,
              a.status as account_status, a.kyc_status
         from api_keys k join accounts a on a.id = k.account_id
        where k.key_id = $1 and k.revoked_at is null and a.status in ('active', 'blocked')`,
      [key_id],
    );
    return rows[0] ?? null;
  }

  async touch(key: StoredApiKey, now: Date): Promise<void> {
    if (key.last_used_at && now.getTime() - key.last_used_at.getTime() < LAST_USED_RESOLUTION_MS)
      return;
    await this.pool.query('update api_keys set last_used_at = $2 where id = $1', [
      key.api_key_id,
      now,
    ]);
  }
}
