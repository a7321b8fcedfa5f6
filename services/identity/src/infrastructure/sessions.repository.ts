import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import {
  DEFAULT_OTP_REQUIRED_ACTIONS,
  otpActionsOf,
  type AccountStatus,
  type ClientInfo,
  type KycStatus,
  type LiveSession,
  type MemberRole,
  type OtpAction,
  type SecurityEvent,
  type SecurityEventType,
} from '@platform/contracts';
import { withTransaction, type NotifiedCache } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import { LOGIN_FAILURE_WINDOW_MS } from '../domain/credentials';
import { IDENTITY_READS } from './identity-reads';
import {
  type IssuedRefresh,
  RefreshChainStore,
  type RefreshChainTables,
} from './refresh-chain.store';
import { listSecurityEvents, recordSecurityEvent } from './security-events';

export type { IssuedRefresh } from './refresh-chain.store';

export interface SessionMember {
  member_id: string;
  account_id: string;
  org_id: string;
  role: MemberRole;
}

export type LoginRecord = 'failure' | 'success' | 'nothing';

/** A live session as read, with what names the rows it was read from. */
interface LiveSessionRow {
  second_factor: boolean;
  account_status: AccountStatus;
  kyc_status: KycStatus;
  required_actions: OtpAction[] | null;
  otp_enabled: boolean;
  absolute_expires_at: Date;
  member_id: string;
  account_id: string;
  org_id: string;
}

/** Members' chains: a member who is no longer active cannot refresh. */
const MEMBER_CHAINS: RefreshChainTables<SessionMember> = {
  chains_table: 'sessions',
  tokens_table: 'refresh_tokens',
  holder_columns: 's.member_id, s.account_id, m.org_id, m.role',
  holder_joins: 'join members m on m.id = s.member_id',
  holder_active: "m.status = 'active'",
  holderOf: ({ member_id, account_id, org_id, role }) => ({ member_id, account_id, org_id, role }),
  eventOwnerOf: ({ account_id, member_id }) => ({ account_id, member_id }),
  records_revoked_reason: true,
};

/** Members' sessions: their refresh chains (exchanged as RefreshChainStore does), sign-outs, logins. */
@Injectable()
export class SessionsRepository extends RefreshChainStore<SessionMember> {
  constructor(
    @Inject(SERVICE_POOL) pool: Pool,
    @Inject(IDENTITY_READS) private readonly reads: NotifiedCache,
  ) {
    super(pool, MEMBER_CHAINS);
  }

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
    return withTransaction(this.pool, (client) =>
      this.open(client, now, async (session_id, absolute_expires_at) => {
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
      }),
    );
  }

  /**
   * The session when an access token of this generation is still honoured, with whether it has
   * a second factor, its account's status (a blocked account's sessions stay live) and identity
   * verification; null otherwise. Asked on every request: a live session's answer is kept
   * (`IDENTITY_READS`) until its session, member, account or organization's OTP policy changes,
   * or it expires.
   */
  async liveSession(
    session_id: string,
    generation: number,
    now: Date,
  ): Promise<Omit<LiveSession, 'live'> | null> {
    const row = await this.reads.read(
      `session:${session_id}:${generation}`,
      () => this.liveSessionRow(session_id, generation, now),
      (live) => [
        `s:${session_id}`,
        `m:${live.member_id}`,
        `a:${live.account_id}`,
        `p:${live.org_id}`,
      ],
    );
    if (!row || row.absolute_expires_at <= now) return null;
    return {
      second_factor: row.second_factor,
      account_status: row.account_status,
      kyc_status: row.kyc_status,
      otp_actions: otpActionsOf({
        otp_enabled: row.otp_enabled,
        required_actions: row.required_actions ?? DEFAULT_OTP_REQUIRED_ACTIONS,
      }),
    };
  }

  private async liveSessionRow(
    session_id: string,
    generation: number,
    now: Date,
  ): Promise<LiveSessionRow | null> {
    // The organization's OTP policy comes in the same read: the gateway's OTP guard needs it on
    // every money-moving request, and asks identity again only for an action it names.
    const { rows } = await this.pool.query<LiveSessionRow>(
      `select s.second_factor_at is not null as second_factor, a.status as account_status,
              a.kyc_status,
              p.required_actions, coalesce(p.otp_enabled, true) as otp_enabled,
              s.absolute_expires_at, s.member_id::text, s.account_id::text, a.org_id::text
         from sessions s join members m on m.id = s.member_id
         join accounts a on a.id = s.account_id
         left join org_otp_policies p on p.org_id = a.org_id
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
