import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { MemberListing, MemberRole } from '@platform/contracts';
import { SERVICE_POOL } from '@platform/runtime';

@Injectable()
export class MembersRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  /** An active member of the account; false when the organization already has this email. */
  async insert(member: {
    member_id: string;
    account_id: string;
    email: string;
    password_hash: string;
    role: MemberRole;
  }): Promise<boolean> {
    const result = await this.pool.query(
      `insert into members (id, account_id, org_id, email, password_hash, role, status)
       select $1, a.id, a.org_id, $3, $4, $5, 'active' from accounts a where a.id = $2
       on conflict on constraint members_org_email_key do nothing`,
      [member.member_id, member.account_id, member.email, member.password_hash, member.role],
    );
    return result.rowCount === 1;
  }

  async list(account_id: string, limit: number, offset: number): Promise<MemberListing[]> {
    const { rows } = await this.pool.query<MemberListing>(
      `select id, email, role, status from members where account_id = $1
        order by created_at, id limit $2 offset $3`,
      [account_id, limit, offset],
    );
    return rows;
  }

  /** A member's own addresses: its sign-in email and a pending new one; null for no such member. */
  async addressesOf(account_id: string, member_id: string): Promise<string[] | null> {
    const { rows } = await this.pool.query<{ email: string; new_email: string | null }>(
      `select m.email, c.new_email from members m left join email_changes c on c.member_id = m.id
        where m.id = $1 and m.account_id = $2`,
      [member_id, account_id],
    );
    const member = rows[0];
    if (!member) return null;
    return member.new_email ? [member.email, member.new_email] : [member.email];
  }
}
