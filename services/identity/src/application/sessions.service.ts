import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import {
  DomainError,
  type ClientInfo,
  type LiveSession,
  type LoginCommand,
  type MemberSession,
  type OrgAdminSession,
  type OtpLoginRequired,
  type RefreshSessionCommand,
  type RevokeAllSessionsCommand,
  type RevokeSessionCommand,
  type SecurityEvent,
} from '@platform/contracts';
import { LOGIN_FAILURE_LIMIT, REFRESH_TOKEN_PREFIX } from '../domain/credentials';
import { presentationTime } from '../domain/refresh-chain';
import { AccountsRepository, type Member } from '../infrastructure/accounts.repository';
import { OrganizationsRepository } from '../infrastructure/organizations.repository';
import { SessionSigner } from '../infrastructure/session-signer';
import {
  SessionsRepository,
  type IssuedRefresh,
  type SessionMember,
} from '../infrastructure/sessions.repository';
import { ARGON2_OPTIONS } from './organizations.service';
import { OtpLoginStarter } from './otp-login.starter';
import { MemberAdminService } from './member-admin.service';
import { OrgAdminSessionsService } from './org-admin-sessions.service';

function invalidCredentials(): DomainError {
  return new DomainError('invalid_credentials', 'the email or password is wrong');
}

@Injectable()
export class SessionsService {
  /** Verified against when no member matches, so unknown emails take as long as wrong passwords. */
  private readonly decoy_hash: Promise<string>;

  constructor(
    private readonly organizations: OrganizationsRepository,
    private readonly accounts: AccountsRepository,
    private readonly sessions: SessionsRepository,
    private readonly signer: SessionSigner,
    private readonly otp_login: OtpLoginStarter,
    private readonly org_admin_sessions: OrgAdminSessionsService,
    private readonly member_admin: MemberAdminService,
  ) {
    this.decoy_hash = hash('decoy password that matches nothing', ARGON2_OPTIONS);
    // Awaited at the first unknown email; until then a failure must not go unhandled.
    this.decoy_hash.catch(() => undefined);
  }

  /**
   * Every failure is the same `invalid_credentials`: unknown organization or email, wrong
   * password, registration still pending, and the 9th attempt within 15 minutes (spec §5 rule 12),
   * which is refused without checking the password.
   */
  async login(command: LoginCommand): Promise<MemberSession | OtpLoginRequired | OrgAdminSession> {
    const email = command.email.trim().toLowerCase();
    const now = new Date();
    const organization = await this.organizations.findBySlug(command.org);
    // Decisions D2: an organization admin signs in here too, with the organization's admin email.
    const admin_session = await this.org_admin_sessions.tryLogin(
      { org: command.org, org_id: organization?.org_id ?? null, email, password: command.password },
      now,
    );
    if (admin_session) return admin_session;
    // Looked up before the throttle's transaction: the lookup needs a connection of its own, and
    // concurrent logins of one email each holding one while waiting on the lock would starve the pool.
    const candidate = organization
      ? await this.accounts.findMember(organization.org_id, email)
      : null;
    const member = await this.sessions.withLoginThrottle(
      command.org,
      email,
      now,
      async (recent_failures) => {
        if (recent_failures >= LOGIN_FAILURE_LIMIT) return { record: 'nothing', value: null };
        const valid = await this.passwordMatches(candidate, command.password);
        if (valid && candidate?.status === 'disabled')
          throw new DomainError(
            'member_disabled',
            'this member has been disabled by an account owner',
          );
        if (!candidate || !valid || candidate.status !== 'active')
          return { record: 'failure', value: null };
        return { record: 'success', value: candidate };
      },
    );
    if (!member) throw invalidCredentials();
    // Spec §5 rule 5: the organization's login OTP policy answers a pending token instead.
    const otp_required = await this.otp_login.begin(member, now);
    if (otp_required) return otp_required;
    return this.open(member, now, command.client ?? null);
  }

  private async passwordMatches(member: Member | null, password: string): Promise<boolean> {
    const password_hash = member?.password_hash ?? (await this.decoy_hash);
    return verify(password_hash, password).catch(() => false);
  }

  /**
   * Starts a session: a new refresh chain and its first access token. `second_factor` marks a
   * session opened with more than a password (a passkey, an OTP login): a session with 2FA.
   */
  async open(
    member: SessionMember,
    now: Date,
    client_info: ClientInfo | null,
    second_factor = false,
  ): Promise<MemberSession> {
    const issued = await this.sessions.start(member, now, client_info, second_factor);
    return this.sessionOf(member, issued, now);
  }

  /**
   * A member's refresh token, or an organization admin's: their chains follow one rule
   * (domain/refresh-chain.ts). Every rejection is the same `invalid_refresh_token`.
   */
  async refresh(command: RefreshSessionCommand): Promise<MemberSession | OrgAdminSession> {
    const now = new Date();
    const presented_at = presentationTime(command.presented_at, now);
    const rejected = new DomainError('invalid_refresh_token', 'the refresh token is not valid');
    if (!command.refresh_token.startsWith(REFRESH_TOKEN_PREFIX)) throw rejected;
    const admin_session = await this.org_admin_sessions.refresh(
      command.refresh_token,
      presented_at,
      now,
      command.client ?? null,
    );
    if (admin_session) return admin_session;
    const outcome = await this.sessions.exchange(
      command.refresh_token,
      presented_at,
      now,
      command.client ?? null,
    );
    switch (outcome.kind) {
      case 'rotated':
        return this.sessionOf(outcome.holder, outcome.issued, now);
      case 'unknown':
      case 'rejected':
      case 'race_lost':
      case 'replayed':
        throw rejected;
      default: {
        const unhandled: never = outcome;
        throw new Error(`unknown refresh outcome ${JSON.stringify(unhandled)}`);
      }
    }
  }

  /**
   * Refused with `unauthorized` once the session is revoked or refreshed past this generation;
   * answers whether the session has a second factor (spec §5 rule 9) and its account's status
   * (the gateway lets a blocked account only read and sign out).
   */
  async verify(session_id: string, generation: number): Promise<LiveSession> {
    const session = await this.sessions.liveSession(session_id, generation, new Date());
    if (!session) {
      await this.member_admin.assertSessionMemberEnabled(session_id);
      throw new DomainError('unauthorized', 'the session has ended');
    }
    return { live: true, ...session };
  }

  async revokeOne(
    command: RevokeSessionCommand,
  ): Promise<{ session_id: string; status: 'revoked' }> {
    const revoked = await this.sessions.revoke(
      command.actor,
      command.session_id,
      'session_revoked',
      command.client ?? null,
    );
    if (revoked === 0) throw new DomainError('not_found', 'the session was not found');
    return { session_id: command.session_id, status: 'revoked' };
  }

  async revokeAll(command: RevokeAllSessionsCommand): Promise<{ revoked: number }> {
    return {
      revoked: await this.sessions.revoke(
        command.actor,
        null,
        'all_sessions_revoked',
        command.client ?? null,
      ),
    };
  }

  securityEvents(account_id: string, limit: number, offset: number): Promise<SecurityEvent[]> {
    return this.sessions.securityEvents(account_id, limit, offset);
  }

  private async sessionOf(
    member: SessionMember,
    issued: IssuedRefresh,
    now: Date,
  ): Promise<MemberSession> {
    const access = await this.signer.sign(
      {
        sub: member.member_id,
        account_id: member.account_id,
        org_id: member.org_id,
        role: member.role,
        sid: issued.session_id,
        gen: issued.generation,
      },
      now,
    );
    return {
      access_token: access.token,
      expires_at: access.expires_at.toISOString(),
      refresh_token: issued.refresh_token,
      refresh_expires_at: issued.refresh_expires_at.toISOString(),
      account_id: member.account_id,
      role: member.role,
    };
  }
}
