import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { ClientInfo } from '@platform/contracts';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import { recordSecurityEvent } from './security-events';

export interface MemberPassword {
  member_id: string;
  account_id: string;
  password_hash: string;
}

@Injectable()
export class PasswordChangeRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  async activeMember(account_id: string, member_id: string): Promise<MemberPassword | null> {
    const { rows } = await this.pool.query<MemberPassword>(
      `select id as member_id, account_id, password_hash from members
        where id = $1 and account_id = $2 and status = 'active'`,
      [member_id, account_id],
    );
    return rows[0] ?? null;
  }

  /**
   * Stores the new hash, provided the member still has the hash that was checked (a racing
   * change or reset wins otherwise), ends every other session of the member and spends any
   * reset code or link. False when the hash had changed meanwhile.
   */
  async change(
    member: MemberPassword,
    input: { password_hash: string; keep_session_id: string; client_info: ClientInfo | null },
  ): Promise<boolean> {
    return withTransaction(this.pool, async (client) => {
      const updated = await client.query(
        'update members set password_hash = $3 where id = $1 and password_hash = $2',
        [member.member_id, member.password_hash, input.password_hash],
      );
      if (updated.rowCount !== 1) return false;
      await client.query(
        `update sessions set revoked_at = now(), revoked_reason = 'password_changed'
          where member_id = $1 and id <> $2 and revoked_at is null`,
        [member.member_id, input.keep_session_id],
      );
      await client.query('delete from password_reset_codes where member_id = $1', [
        member.member_id,
      ]);
      await client.query(
        'update password_reset_links set used_at = now() where member_id = $1 and used_at is null',
        [member.member_id],
      );
      await recordSecurityEvent(client, {
        owner: { account_id: member.account_id, member_id: member.member_id },
        type: 'password_changed',
        client_info: input.client_info,
      });
      return true;
    });
  }
}
