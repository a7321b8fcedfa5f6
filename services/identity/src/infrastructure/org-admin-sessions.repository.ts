import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { SERVICE_POOL } from '@platform/runtime';

/** An organization admin as sign-in sees it. */
export interface OrgAdminCredential {
  admin_id: string;
  org_id: string;
  email: string;
  password_hash: string;
}

/** A page row of `GET /v1/org/accounts`. */
export interface OrgAccountListing {
  id: string;
  type: string;
  display_name: string;
  email: string;
  country: string | null;
  status: string;
  kyc_status: string;
  created_at: string;
}

@Injectable()
export class OrgAdminSessionsRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  async findAdmin(org_id: string, email: string): Promise<OrgAdminCredential | null> {
    const { rows } = await this.pool.query<OrgAdminCredential>(
      'select admin_id, org_id, email, password_hash from org_admins where org_id = $1 and email = $2',
      [org_id, email],
    );
    return rows[0] ?? null;
  }

  async start(admin: OrgAdminCredential, expires_at: Date): Promise<string> {
    const session_id = randomUUID();
    await this.pool.query(
      'insert into org_admin_sessions (id, admin_id, org_id, expires_at) values ($1, $2, $3, $4)',
      [session_id, admin.admin_id, admin.org_id, expires_at],
    );
    return session_id;
  }

  async isLive(session_id: string, admin_id: string, now: Date): Promise<boolean> {
    const { rows } = await this.pool.query(
      `select 1 from org_admin_sessions
        where id = $1 and admin_id = $2 and revoked_at is null and expires_at > $3`,
      [session_id, admin_id, now],
    );
    return rows.length === 1;
  }

  async listAccounts(org_id: string, limit: number, offset: number): Promise<OrgAccountListing[]> {
    const { rows } = await this.pool.query<
      Omit<OrgAccountListing, 'created_at'> & { created_at: Date }
    >(
      `select id, type, display_name, email, country, status, kyc_status, created_at from accounts
        where org_id = $1 order by created_at desc, id desc limit $2 offset $3`,
      [org_id, limit, offset],
    );
    return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
  }
}
