import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import type { ClientInfo, MemberRole, SecurityEvent, SecurityEventType } from '@platform/contracts';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import {
  LOGIN_FAILURE_WINDOW_MS,
  newRefreshToken,
  refreshExpiry,
  SESSION_ABSOLUTE_TTL_MS,
  sha256,
} from '../domain/credentials';
import { decideRefresh, type PresentedRefreshToken } from '../domain/refresh-chain';

export interface SessionMember {
  member_id: string;
  account_id: string;
  org_id: string;
  role: MemberRole;
}

export interface IssuedRefresh {
  session_id: string;
  generation: number;
  refresh_token: string;
  refresh_expires_at: Date;
}

/** Whose a security event is: an account's (and the member's who acted), or an organization admin's. */
export type SecurityEventOwner =
  { account_id: string; member_id: string | null } | { admin_id: string };

export async function recordSecurityEvent(
  client: PoolClient,
  event: { owner: SecurityEventOwner; type: SecurityEventType; client_info: ClientInfo | null },
): Promise<void> {
  const { owner } = event;
  await client.query(
    `insert into security_events (id, account_id, member_id, admin_id, type, ip, user_agent)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      randomUUID(),
      'account_id' in owner ? owner.account_id : null,
      'account_id' in owner ? owner.member_id : null,
      'admin_id' in owner ? owner.admin_id : null,
      event.type,
      event.client_info?.ip ?? null,
      event.client_info?.user_agent ?? null,
    ],
  );
}

/** The security events of an account or of an organization admin, newest first. */
export async function listSecurityEvents(
  pool: Pool,
  owner: { account_id: string } | { admin_id: string },
  limit: number,
  offset: number,
): Promise<SecurityEvent[]> {
  const [column, id] =
    'account_id' in owner ? ['account_id', owner.account_id] : ['admin_id', owner.admin_id];
  const { rows } = await pool.query<Omit<SecurityEvent, 'created_at'> & { created_at: Date }>(
    `select id, type, created_at, ip, user_agent from security_events
      where ${column} = $1 order by created_at desc, id desc limit $2 offset $3`,
    [id, limit, offset],
  );
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}

export type LoginRecord = 'failure' | 'success' | 'nothing';

/** What presenting a refresh token led to. */
export type RefreshOutcome =
  | { kind: 'rotated'; member: SessionMember; issued: IssuedRefresh }
  | { kind: 'rejected' }
  | { kind: 'race_lost' }
  | { kind: 'replayed'; session_id: string };

interface PresentedRow extends SessionMember {
  session_id: string;
  used_at: Date | null;
  expires_at: Date;
  session_revoked_at: Date | null;
  absolute_expires_at: Date;
  member_status: string;
}

function presentedToken(row: PresentedRow): PresentedRefreshToken {
  return {
    exchanged_at: row.used_at,
    expires_at: row.expires_at,
    chain_expires_at: row.absolute_expires_at,
    chain_revoked: row.session_revoked_at !== null,
    holder_active: row.member_status === 'active',
  };
}

@Injectable()
export class SessionsRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  /**
   * A new session (refresh chain) with its first refresh token, recorded as a `login`;
   * `second_factor` when it was opened with more than a password (spec §5 rule 9).
   */
  async start(
    member: SessionMember,
    now: Date,
    client_info: ClientInfo | null,
    second_factor = false,
  ): Promise<IssuedRefresh> {
    return withTransaction(this.pool, async (client) => {
      const session_id = randomUUID();
      const absolute_expires_at = new Date(now.getTime() + SESSION_ABSOLUTE_TTL_MS);
      await client.query(
        `insert into sessions (id, member_id, account_id, created_at, absolute_expires_at, second_factor_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [
          session_id,
          member.member_id,
          member.account_id,
          now,
          absolute_expires_at,
          second_factor ? now : null,
        ],
      );
      await recordSecurityEvent(client, {
        owner: { account_id: member.account_id, member_id: member.member_id },
        type: 'login',
        client_info,
      });
      return this.issue(client, session_id, 1, now, absolute_expires_at);
    });
  }

  private async issue(
    client: PoolClient,
    session_id: string,
    generation: number,
    now: Date,
    absolute_expires_at: Date,
  ): Promise<IssuedRefresh> {
    const refresh_token = newRefreshToken();
    const refresh_expires_at = refreshExpiry(now, absolute_expires_at);
    await client.query(
      `insert into refresh_tokens (token_hash, session_id, issued_at, expires_at) values ($1, $2, $3, $4)`,
      [sha256(refresh_token), session_id, now, refresh_expires_at],
    );
    return { session_id, generation, refresh_token, refresh_expires_at };
  }

  /**
   * Exchanges a refresh token under a lock on its row and its session's, as the refresh chain
   * decides (domain/refresh-chain.ts): rotated, rejected, lost to a twin in flight, or replayed
   * (the session is revoked and `refresh_token_reuse` recorded).
   */
  async exchange(
    refresh_token: string,
    presented_at: Date,
    now: Date,
    client_info: ClientInfo | null,
  ): Promise<RefreshOutcome> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<PresentedRow>(
        `select t.session_id, t.used_at, t.expires_at, s.revoked_at as session_revoked_at,
                s.absolute_expires_at, s.member_id, s.account_id, m.org_id, m.role, m.status as member_status
           from refresh_tokens t join sessions s on s.id = t.session_id join members m on m.id = s.member_id
          where t.token_hash = $1
          for update of t, s`,
        [sha256(refresh_token)],
      );
      const row = rows[0];
      const decision = decideRefresh(row ? presentedToken(row) : null, presented_at, now);
      if (!row || decision === 'reject') return { kind: 'rejected' };
      switch (decision) {
        case 'race_lost':
          return { kind: 'race_lost' };
        case 'replay':
          await this.revokeChain(client, row, 'refresh_token_reuse', client_info);
          return { kind: 'replayed', session_id: row.session_id };
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
    row: PresentedRow,
    refresh_token: string,
    now: Date,
  ): Promise<RefreshOutcome> {
    const { rows: bumped } = await client.query<{ generation: number }>(
      'update sessions set generation = generation + 1 where id = $1 returning generation',
      [row.session_id],
    );
    const generation = bumped[0]?.generation ?? 1;
    const issued = await this.issue(
      client,
      row.session_id,
      generation,
      now,
      row.absolute_expires_at,
    );
    // When the exchange finished: a twin presented before then lost a race, after it replays.
    await client.query('update refresh_tokens set used_at = $2 where token_hash = $1', [
      sha256(refresh_token),
      new Date(),
    ]);
    const { member_id, account_id, org_id, role } = row;
    return { kind: 'rotated', member: { member_id, account_id, org_id, role }, issued };
  }

  /**
   * The session when an access token of this generation is still honoured, with whether it has
   * a second factor; null otherwise.
   */
  async liveSession(
    session_id: string,
    generation: number,
    now: Date,
  ): Promise<{ second_factor: boolean } | null> {
    const { rows } = await this.pool.query<{ second_factor: boolean }>(
      `select s.second_factor_at is not null as second_factor
         from sessions s join members m on m.id = s.member_id
        where s.id = $1 and s.generation = $2 and s.revoked_at is null
          and s.absolute_expires_at > $3 and m.status = 'active'`,
      [session_id, generation, now],
    );
    return rows[0] ?? null;
  }

  /** The member proved a second factor in this session of theirs: it is a session with 2FA. */
  async markSecondFactor(session_id: string, member_id: string): Promise<void> {
    await this.pool.query(
      `update sessions set second_factor_at = now()
        where id = $1 and member_id = $2 and second_factor_at is null and revoked_at is null`,
      [session_id, member_id],
    );
  }

  private async revokeChain(
    client: PoolClient,
    row: PresentedRow,
    reason: 'refresh_token_reuse',
    client_info: ClientInfo | null,
  ): Promise<void> {
    await client.query(
      `update sessions set revoked_at = now(), revoked_reason = $2 where id = $1 and revoked_at is null`,
      [row.session_id, reason],
    );
    await recordSecurityEvent(client, {
      owner: { account_id: row.account_id, member_id: row.member_id },
      type: reason,
      client_info,
    });
  }

  /**
   * Revokes the live sessions of an actor: of its member when a person acts, of the whole
   * account for an API key; only `session_id` when given. Returns how many were revoked.
   */
  async revoke(
    actor: { account_id: string; member_id: string | null },
    session_id: string | null,
    type: SecurityEventType,
    client_info: ClientInfo | null,
  ): Promise<number> {
    return withTransaction(this.pool, (client) =>
      this.revokeInTransaction(client, actor, session_id, type, client_info),
    );
  }

  async revokeInTransaction(
    client: PoolClient,
    actor: { account_id: string; member_id: string | null },
    session_id: string | null,
    type: SecurityEventType,
    client_info: ClientInfo | null,
  ): Promise<number> {
    const result = await client.query(
      `update sessions set revoked_at = now(), revoked_reason = $4
        where account_id = $1 and ($2::uuid is null or member_id = $2)
          and ($3::text is null or id::text = $3) and revoked_at is null`,
      [actor.account_id, actor.member_id, session_id, type],
    );
    const revoked = result.rowCount ?? 0;
    // A password reset is worth recording even when no session was open.
    if (revoked > 0 || type === 'password_reset')
      await recordSecurityEvent(client, { owner: actor, type, client_info });
    return revoked;
  }

  securityEvents(account_id: string, limit: number, offset: number): Promise<SecurityEvent[]> {
    return listSecurityEvents(this.pool, { account_id }, limit, offset);
  }

  /**
   * Runs a login attempt while holding a lock on its organization/email key, so parallel attempts
   * cannot overrun the failure limit. `attempt` gets the failures of the current window and
   * says what to record: a failure, a success (which clears the window) or nothing (throttled,
   * so the window expires 15 minutes after the last counted failure).
   */
  async withLoginThrottle<T>(
    org: string,
    email: string,
    now: Date,
    attempt: (recent_failures: number) => Promise<{ record: LoginRecord; value: T }>,
  ): Promise<T> {
    return withTransaction(this.pool, async (client) => {
      await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `login:${org}:${email}`,
      ]);
      const window_start = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
      await client.query(
        'delete from login_failures where org = $1 and email = $2 and failed_at < $3',
        [org, email, window_start],
      );
      const { rows } = await client.query<{ failures: number }>(
        'select count(*)::int as failures from login_failures where org = $1 and email = $2',
        [org, email],
      );
      const outcome = await attempt(rows[0]?.failures ?? 0);
      if (outcome.record === 'failure')
        await client.query(
          'insert into login_failures (org, email, failed_at) values ($1, $2, $3)',
          [org, email, now],
        );
      else if (outcome.record === 'success')
        await client.query('delete from login_failures where org = $1 and email = $2', [
          org,
          email,
        ]);
      return outcome.value;
    });
  }
}
