import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { OrgAccountListing, SecurityEvent } from '@platform/contracts';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import {
  type IssuedRefresh,
  RefreshChainStore,
  type RefreshChainTables,
} from './refresh-chain.store';
import { listSecurityEvents } from './security-events';

/** An organization admin as sign-in sees it. */
export interface OrgAdminCredential {
  admin_id: string;
  org_id: string;
  email: string;
  password_hash: string;
}

/** The refresh token an admin session's start or exchange issued. */
export type IssuedAdminRefresh = IssuedRefresh;

/** An organization admin as their session holds them. */
export interface AdminHolder {
  admin_id: string;
  org_id: string;
}

/** Admins' chains: an organization admin may always refresh, until the chain ends. */
const ADMIN_CHAINS: RefreshChainTables<AdminHolder> = {
  chains_table: 'org_admin_sessions',
  tokens_table: 'org_admin_refresh_tokens',
  holder_columns: 's.admin_id, s.org_id',
  holder_joins: '',
  holder_active: 'true',
  holderOf: ({ admin_id, org_id }) => ({ admin_id, org_id }),
  eventOwnerOf: ({ admin_id }) => ({ admin_id }),
  records_revoked_reason: false,
};

/** Organization admins' sign-in and sessions: refresh chains exchanged as RefreshChainStore does. */
@Injectable()
export class OrgAdminSessionsRepository extends RefreshChainStore<AdminHolder> {
  constructor(@Inject(SERVICE_POOL) pool: Pool) {
    super(pool, ADMIN_CHAINS);
  }

  async findAdmin(org_id: string, email: string): Promise<OrgAdminCredential | null> {
    const { rows } = await this.pool.query<OrgAdminCredential>(
      'select admin_id, org_id, email, password_hash from org_admins where org_id = $1 and email = $2',
      [org_id, email],
    );
    return rows[0] ?? null;
  }

  /** A new session (refresh chain), capped at 90 days, with its first refresh token. */
  async start(admin: OrgAdminCredential, now: Date): Promise<IssuedAdminRefresh> {
    return withTransaction(this.pool, (client) =>
      this.open(client, now, async (session_id, absolute_expires_at) => {
        await client.query(
          `insert into org_admin_sessions (id, admin_id, org_id, created_at, expires_at, absolute_expires_at)
           values ($1, $2, $3, $4, $5, $5)`,
          [session_id, admin.admin_id, admin.org_id, now, absolute_expires_at],
        );
      }),
    );
  }

  securityEvents(admin_id: string, limit: number, offset: number): Promise<SecurityEvent[]> {
    return listSecurityEvents(this.pool, { admin_id }, limit, offset);
  }

  /** Whether an access token of this session and generation is still honoured. */
  async isLive(
    session_id: string,
    admin_id: string,
    generation: number,
    now: Date,
  ): Promise<boolean> {
    const { rows } = await this.pool.query(
      `select 1 from org_admin_sessions
        where id = $1 and admin_id = $2 and generation = $3 and revoked_at is null
          and absolute_expires_at > $4`,
      [session_id, admin_id, generation, now],
    );
    return rows.length === 1;
  }

  /** Revokes the admin's live sessions, or only `session_id`; answers how many. */
  async revoke(admin_id: string, session_id: string | null): Promise<number> {
    const result = await this.pool.query(
      `update org_admin_sessions set revoked_at = now()
        where admin_id = $1 and ($2::text is null or id::text = $2) and revoked_at is null`,
      [admin_id, session_id],
    );
    return result.rowCount ?? 0;
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
