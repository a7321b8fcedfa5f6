import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { ClientInfo, KycStatus } from '@platform/contracts';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import { AccountsRepository, type Member } from './accounts.repository';
import { SessionsRepository } from './sessions.repository';

interface LinkRow extends Member {
  used_at: Date | null;
  expires_at: Date;
}

/** Password reset links: single use, 60 minutes, one live link per member (spec §8). */
@Injectable()
export class ResetLinkRepository {
  constructor(
    @Inject(SERVICE_POOL) private readonly pool: Pool,
    private readonly accounts: AccountsRepository,
    private readonly sessions: SessionsRepository,
  ) {}

  /** Stores a new link, retiring the member's earlier ones. */
  async issue(member_id: string, token_hash: Buffer, expires_at: Date): Promise<void> {
    await withTransaction(this.pool, async (client) => {
      await client.query('delete from password_reset_links where member_id = $1', [member_id]);
      await client.query(
        'insert into password_reset_links (token_hash, member_id, expires_at) values ($1, $2, $3)',
        [token_hash, member_id, expires_at],
      );
    });
  }

  /**
   * Spends a live link of a member of the organization under a lock: the password changes, a
   * pending registration is confirmed (the email is verified), reset codes are spent and every
   * session of the member ends. False when the link is unknown, used, expired, of another
   * organization or of a disabled member.
   */
  async redeem(
    org_id: string,
    token_hash: Buffer,
    input: {
      password_hash: string;
      now: Date;
      kyc_status_on_confirm: KycStatus;
      correlation_id: string | null;
      client_info: ClientInfo | null;
    },
  ): Promise<boolean> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<LinkRow>(
        `select l.used_at, l.expires_at, m.id as member_id, m.account_id, m.org_id, m.email,
                m.password_hash, m.role, m.status
           from password_reset_links l join members m on m.id = l.member_id
          where l.token_hash = $1 for update of l, m`,
        [token_hash],
      );
      const link = rows[0];
      if (!link || link.used_at || link.expires_at <= input.now) return false;
      if (link.org_id !== org_id || link.status === 'disabled') return false;
      await client.query('update password_reset_links set used_at = $2 where token_hash = $1', [
        token_hash,
        input.now,
      ]);
      await client.query('update members set password_hash = $2 where id = $1', [
        link.member_id,
        input.password_hash,
      ]);
      if (link.status === 'pending_verification')
        await this.accounts.activate(client, link, {
          kyc_status: input.kyc_status_on_confirm,
          correlation_id: input.correlation_id,
        });
      await client.query('delete from password_reset_codes where member_id = $1', [link.member_id]);
      await this.sessions.revokeInTransaction(
        client,
        { account_id: link.account_id, member_id: link.member_id },
        null,
        'password_reset',
        input.client_info,
      );
      return true;
    });
  }
}
