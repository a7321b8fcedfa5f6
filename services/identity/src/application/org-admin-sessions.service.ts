import { Inject, Injectable } from '@nestjs/common';
import { verify } from '@node-rs/argon2';
import jwt from 'jsonwebtoken';
import {
  DomainError,
  type ClientInfo,
  type OrgAccountListing,
  type OrgAdminSession,
  type OrgAdminSessionClaims,
  type SecurityEvent,
} from '@platform/contracts';
import {
  PLATFORM_CONTEXT,
  sessionSigningKey,
  sessionTokenIssuer,
  type PlatformContext,
} from '@platform/runtime';
import { ACCESS_TOKEN_TTL_MS, LOGIN_FAILURE_LIMIT } from '../domain/credentials';
import {
  OrgAdminSessionsRepository,
  type IssuedAdminRefresh,
} from '../infrastructure/org-admin-sessions.repository';
import { SessionsRepository } from '../infrastructure/sessions.repository';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../identity.settings';

@Injectable()
export class OrgAdminSessionsService {
  private readonly key: Buffer;
  private readonly issuer: string;

  constructor(
    @Inject(PLATFORM_CONTEXT) context: PlatformContext,
    @Inject(IDENTITY_SETTINGS) settings: IdentitySettings,
    private readonly admins: OrgAdminSessionsRepository,
    private readonly sessions: SessionsRepository,
  ) {
    this.key = sessionSigningKey(context.environment, settings);
    this.issuer = sessionTokenIssuer(context.environment);
  }

  /**
   * Signs an organization admin in when the organization has an admin with this email and the
   * password is theirs; null otherwise, so the member sign-in runs next. Shares the member
   * sign-in's failure window (spec §5 rule 12) but records no failure of its own: the member
   * path that follows records the one failure of the attempt.
   */
  async tryLogin(
    request: { org: string; org_id: string | null; email: string; password: string },
    now: Date,
  ): Promise<OrgAdminSession | null> {
    if (!request.org_id) return null;
    const admin = await this.admins.findAdmin(request.org_id, request.email);
    if (!admin) return null;
    const signed_in = await this.sessions.withLoginThrottle(
      request.org,
      request.email,
      now,
      async (recent_failures) => {
        if (recent_failures >= LOGIN_FAILURE_LIMIT) return { record: 'nothing', value: false };
        const valid = await verify(admin.password_hash, request.password).catch(() => false);
        return { record: valid ? 'success' : 'nothing', value: valid };
      },
    );
    if (!signed_in) return null;
    return this.sessionOf(admin, await this.admins.start(admin, now), now);
  }

  /**
   * Exchanges a refresh token when it belongs to an admin session; null when it does not (the
   * caller then tries members' chains). Every rejection is `invalid_refresh_token`.
   */
  async refresh(
    refresh_token: string,
    presented_at: Date,
    now: Date,
    client_info: ClientInfo | null,
  ): Promise<OrgAdminSession | null> {
    const outcome = await this.admins.exchange(refresh_token, presented_at, now, client_info);
    switch (outcome.kind) {
      case 'unknown':
        return null;
      case 'rotated':
        return this.sessionOf(outcome.holder, outcome.issued, now);
      case 'rejected':
      case 'race_lost':
      case 'replayed':
        throw new DomainError('invalid_refresh_token', 'the refresh token is not valid');
      default: {
        const unhandled: never = outcome;
        throw new Error(`unknown refresh outcome ${JSON.stringify(unhandled)}`);
      }
    }
  }

  /** Tokens signed before refresh existed carry no generation: they are the first one. */
  async verify(session_id: string, admin_id: string, generation = 1): Promise<{ live: true }> {
    if (!(await this.admins.isLive(session_id, admin_id, generation, new Date())))
      throw new DomainError('unauthorized', 'the session has ended');
    return { live: true };
  }

  async revokeOne(
    admin_id: string,
    session_id: string,
  ): Promise<{ session_id: string; status: 'revoked' }> {
    if ((await this.admins.revoke(admin_id, session_id)) === 0)
      throw new DomainError('not_found', 'the session was not found');
    return { session_id, status: 'revoked' };
  }

  async revokeAll(admin_id: string): Promise<{ revoked: number }> {
    return { revoked: await this.admins.revoke(admin_id, null) };
  }

  securityEvents(admin_id: string, limit: number, offset: number): Promise<SecurityEvent[]> {
    return this.admins.securityEvents(admin_id, limit, offset);
  }

  listAccounts(org_id: string, limit: number, offset: number): Promise<OrgAccountListing[]> {
    return this.admins.listAccounts(org_id, limit, offset);
  }

  private sessionOf(
    admin: { admin_id: string; org_id: string },
    issued: IssuedAdminRefresh,
    now: Date,
  ): OrgAdminSession {
    const expires_at = new Date(now.getTime() + ACCESS_TOKEN_TTL_MS);
    const claims: OrgAdminSessionClaims = {
      sub: admin.admin_id,
      org_id: admin.org_id,
      lvl: 'org_admin',
      sid: issued.session_id,
      gen: issued.generation,
    };
    return {
      access_token: this.sign(claims, now, expires_at),
      expires_at: expires_at.toISOString(),
      refresh_token: issued.refresh_token,
      refresh_expires_at: issued.refresh_expires_at.toISOString(),
      credential_level: 'org_admin',
      admin_id: admin.admin_id,
      org_id: admin.org_id,
    };
  }

  private sign(claims: OrgAdminSessionClaims, now: Date, expires_at: Date): string {
    // The same key, issuer and audience as members' tokens: the gateway tells them apart by `lvl`.
    return jwt.sign(
      {
        ...claims,
        iat: Math.floor(now.getTime() / 1000),
        exp: Math.floor(expires_at.getTime() / 1000),
      },
      this.key,
      { algorithm: 'HS256', issuer: this.issuer, audience: this.issuer },
    );
  }
}
