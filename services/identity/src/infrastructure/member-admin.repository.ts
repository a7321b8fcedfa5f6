import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { ClientInfo, MemberListing } from '@platform/contracts';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import type { MemberState, MemberUpdate } from '../domain/member-admin';
import { SessionsRepository } from './sessions.repository';

@Injectable()
export class MemberAdminRepository {
  constructor(
    @Inject(SERVICE_POOL) private readonly pool: Pool,
    private readonly sessions: SessionsRepository,
  ) {}

  /**
   * Runs `decide` on a member of the account under a lock on the account's members and stores
   * the answer; the member's sessions end, so a new role or a disabling takes effect at once.
   * Null when the account has no such member (another account's id included).
   */
  async update(
    account_id: string,
    member_id: string,
    decide: (target: MemberState, other_active_owners: number) => MemberUpdate,
    client_info: ClientInfo | null,
  ): Promise<MemberListing | null> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<MemberState & { email: string }>(
        `select id, email, role, status from members where account_id = $1 order by id for update`,
        [account_id],
      );
      const target = rows.find((row) => row.id === member_id);
      if (!target) return null;
      const other_active_owners = rows.filter(
        (row) => row.id !== member_id && row.role === 'owner' && row.status === 'active',
      ).length;
      const next = decide(target, other_active_owners);
      await client.query('update members set role = $2, status = $3 where id = $1', [
        member_id,
        next.role,
        next.status,
      ]);
      if (next.role !== target.role || next.status !== target.status)
        await this.sessions.revokeInTransaction(
          client,
          { account_id, member_id },
          null,
          'all_sessions_revoked',
          client_info,
        );
      return { id: member_id, email: target.email, role: next.role, status: next.status };
    });
  }

  /** Whether a session belongs to a member an owner has disabled (`member_disabled`). */
  async sessionOfDisabledMember(session_id: string): Promise<boolean> {
    const { rows } = await this.pool.query(
      `select 1 from sessions s join members m on m.id = s.member_id
        where s.id = $1 and m.status = 'disabled'`,
      [session_id],
    );
    return rows.length === 1;
  }
}
