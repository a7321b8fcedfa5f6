import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { AvatarContentType } from '@platform/contracts';
import { SERVICE_POOL } from '@platform/runtime';

export interface AvatarRecord {
  account_id: string;
  content_type: AvatarContentType;
  size_bytes: number;
  sha256: string;
  object_key: string;
  updated_at: Date;
}

/** What each account's avatar is; the bytes are in the object store. */
@Injectable()
export class AvatarsRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  async save(avatar: Omit<AvatarRecord, 'updated_at'>): Promise<AvatarRecord> {
    const { rows } = await this.pool.query<AvatarRecord>(
      `insert into avatars (account_id, content_type, size_bytes, sha256, object_key)
       values ($1, $2, $3, $4, $5)
       on conflict (account_id) do update set content_type = excluded.content_type,
         size_bytes = excluded.size_bytes, sha256 = excluded.sha256,
         object_key = excluded.object_key, updated_at = now()
       returning *`,
      [avatar.account_id, avatar.content_type, avatar.size_bytes, avatar.sha256, avatar.object_key],
    );
    return rows[0]!;
  }

  async find(account_id: string): Promise<AvatarRecord | null> {
    const { rows } = await this.pool.query<AvatarRecord>(
      'select * from avatars where account_id = $1',
      [account_id],
    );
    return rows[0] ?? null;
  }
}
