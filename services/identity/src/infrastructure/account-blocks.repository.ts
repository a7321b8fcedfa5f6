import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { AccountBlockState } from '@platform/contracts';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import type { AccountBlock } from '../domain/account-block';

@Injectable()
export class AccountBlocksRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  /**
   * Runs `decide` on the account's standing under a row lock and stores what it answers, so a
   * block and an unblock cannot interleave. Null when there is no such account.
   */
  async change(
    account_id: string,
    decide: (current: AccountBlock) => AccountBlock,
  ): Promise<AccountBlockState | null> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<AccountBlock>(
        'select status, blocked_reason, blocked_at from accounts where id = $1 for update',
        [account_id],
      );
      const current = rows[0];
      if (!current) return null;
      const next = decide(current);
      if (next !== current)
        await client.query(
          'update accounts set status = $2, blocked_reason = $3, blocked_at = $4 where id = $1',
          [account_id, next.status, next.blocked_reason, next.blocked_at],
        );
      return {
        account_id,
        status: next.status,
        blocked_reason: next.blocked_reason,
        blocked_at: next.blocked_at?.toISOString() ?? null,
      };
    });
  }
}
