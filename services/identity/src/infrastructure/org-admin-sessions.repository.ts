import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import type { ClientInfo, OrgAccountListing, SecurityEvent } from '@platform/contracts';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import {
  newRefreshToken,
  refreshExpiry,
  SESSION_ABSOLUTE_TTL_MS,
  sha256,
} from '../domain/credentials';
import { decideRefresh, type PresentedRefreshToken } from '../domain/refresh-chain';
import { listSecurityEvents, recordSecurityEvent } from './sessions.repository';

/** An organization admin as sign-in sees it. */
export interface OrgAdminCredential {
  admin_id: string;
  org_id: string;
  email: string;
  password_hash: string;
}

/** The refresh token an admin session's start or exchange issued. */
export interface IssuedAdminRefresh {
  session_id: string;
  generation: number;
  refresh_token: string;
  refresh_expires_at: Date;
}

/**
 * What presenting a refresh token to the admins' chains led to: `unknown` when it is no admin
 * session's token (a member's, perhaps), the same outcomes as a member's chain otherwise.
 */
export type AdminRefreshOutcome =
  | { kind: 'unknown' }
  | { kind: 'rejected' }
  | { kind: 'race_lost' }
  | { kind: 'replayed' }
  | { kind: 'rotated'; admin: { admin_id: string; org_id: string }; issued: IssuedAdminRefresh };

interface PresentedAdminRow {
  session_id: string;
  admin_id: string;
  org_id: string;
  used_at: Date | null;
  expires_at: Date;
  revoked_at: Date | null;
  absolute_expires_at: Date;
}

function presentedToken(row: PresentedAdminRow): PresentedRefreshToken {
  return {
    exchanged_at: row.used_at,
    expires_at: row.expires_at,
    chain_expires_at: row.absolute_expires_at,
    chain_revoked: row.revoked_at !== null,
    holder_active: true,
  };
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

  /** A new session (refresh chain), capped at 90 days, with its first refresh token. */
  async start(admin: OrgAdminCredential, now: Date): Promise<IssuedAdminRefresh> {
    return withTransaction(this.pool, async (client) => {
      const session_id = randomUUID();
      const absolute_expires_at = new Date(now.getTime() + SESSION_ABSOLUTE_TTL_MS);
      await client.query(
        `insert into org_admin_sessions (id, admin_id, org_id, created_at, expires_at, absolute_expires_at)
         values ($1, $2, $3, $4, $5, $5)`,
        [session_id, admin.admin_id, admin.org_id, now, absolute_expires_at],
      );
      return this.issue(client, session_id, 1, now, absolute_expires_at);
    });
  }

  private async issue(
    client: PoolClient,
    session_id: string,
    generation: number,
    now: Date,
    absolute_expires_at: Date,
  ): Promise<IssuedAdminRefresh> {
    const refresh_token = newRefreshToken();
    const refresh_expires_at = refreshExpiry(now, absolute_expires_at);
    await client.query(
      `insert into org_admin_refresh_tokens (token_hash, session_id, issued_at, expires_at)
       values ($1, $2, $3, $4)`,
      [sha256(refresh_token), session_id, now, refresh_expires_at],
    );
    return { session_id, generation, refresh_token, refresh_expires_at };
  }

  /**
   * Exchanges an admin session's refresh token under a lock on its row and its session's, as the
   * refresh chain decides (domain/refresh-chain.ts), the same rule as a member's chain.
   */
  async exchange(
    refresh_token: string,
    presented_at: Date,
    now: Date,
    client_info: ClientInfo | null,
  ): Promise<AdminRefreshOutcome> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<PresentedAdminRow>(
        `select t.session_id, t.used_at, t.expires_at, s.revoked_at, s.absolute_expires_at,
                s.admin_id, s.org_id
           from org_admin_refresh_tokens t join org_admin_sessions s on s.id = t.session_id
          where t.token_hash = $1
          for update of t, s`,
        [sha256(refresh_token)],
      );
      const row = rows[0];
      if (!row) return { kind: 'unknown' };
      const decision = decideRefresh(presentedToken(row), presented_at, now);
      switch (decision) {
        case 'reject':
          return { kind: 'rejected' };
        case 'race_lost':
          return { kind: 'race_lost' };
        case 'replay':
          await this.revokeChain(client, row, client_info);
          return { kind: 'replayed' };
        case 'rotate':
          return this.rotate(client, row, refresh_token, now);
        default: {
          const unhandled: never = decision;
          throw new Error(`unknown refresh decision ${String(unhandled)}`);
        }
      }
    });
  }

  /** The exchange: a new token and generation; the used one is marked last, when it finished. */
  private async rotate(
    client: PoolClient,
    row: PresentedAdminRow,
    refresh_token: string,
    now: Date,
  ): Promise<AdminRefreshOutcome> {
    const { rows: bumped } = await client.query<{ generation: number }>(
      'update org_admin_sessions set generation = generation + 1 where id = $1 returning generation',
      [row.session_id],
    );
    const issued = await this.issue(
      client,
      row.session_id,
      bumped[0]?.generation ?? 1,
      now,
      row.absolute_expires_at,
    );
    // When the exchange finished: a twin presented before then lost a race, after it replays.
    await client.query('update org_admin_refresh_tokens set used_at = $2 where token_hash = $1', [
      sha256(refresh_token),
      new Date(),
    ]);
    return { kind: 'rotated', admin: { admin_id: row.admin_id, org_id: row.org_id }, issued };
  }

  /** A replay: the session ends, and the admin's security events record it. */
  private async revokeChain(
    client: PoolClient,
    row: PresentedAdminRow,
    client_info: ClientInfo | null,
  ): Promise<void> {
    await client.query(
      'update org_admin_sessions set revoked_at = now() where id = $1 and revoked_at is null',
      [row.session_id],
    );
    await recordSecurityEvent(client, {
      owner: { admin_id: row.admin_id },
      type: 'refresh_token_reuse',
      client_info,
    });
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
