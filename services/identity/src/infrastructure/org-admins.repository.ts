import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { OrgAdmin } from '@platform/contracts';
import { SERVICE_POOL } from '@platform/runtime';

@Injectable()
export class OrgAdminsRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  /** False when the organization already has an admin with this email. */
  async create(admin: Omit<OrgAdmin, 'created_at'> & { password_hash: string }): Promise<boolean> {
    const result = await this.pool.query(
      `insert into org_admins (admin_id, org_id, email, password_hash) values ($1, $2, $3, $4)
       on conflict (org_id, email) do nothing`,
      [admin.admin_id, admin.org_id, admin.email, admin.password_hash],
    );
    return result.rowCount === 1;
  }

  async list(org_id: string): Promise<OrgAdmin[]> {
    const { rows } = await this.pool.query<OrgAdmin & { created_at: Date }>(
      'select admin_id, org_id, email, created_at from org_admins where org_id = $1 order by created_at, email',
      [org_id],
    );
    return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
  }
}
