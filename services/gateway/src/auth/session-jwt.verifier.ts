import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ExtractJwt, Strategy, type VerifiedCallback } from 'passport-jwt';
import {
  ACCOUNT_COMMANDS,
  ACCOUNT_SETTINGS_COMMANDS,
  MEMBER_ROLES,
  type OrgAdminSessionClaims,
  type SessionClaims,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../gateway.settings';
import type { AuthenticatedPrincipal, OrgAdminPrincipal, SessionPrincipal } from './principal';
import { VerifiedTokens } from './verified-tokens';
import { sessionSigningKey, sessionTokenIssuer } from '@platform/runtime';

function apiKeyHeader(request: { headers: Record<string, unknown> }): string | null {
  const value = request.headers['x-api-key'];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** Claims that verify but do not have a session's shape are refused like a bad signature. */
export function principalOf(claims: Partial<SessionClaims>): SessionPrincipal | null {
  const { sub, account_id, org_id, role, sid, gen } = claims;
  if (!sub || !account_id || !org_id || !sid || !Number.isSafeInteger(gen)) return null;
  if (!(MEMBER_ROLES as readonly unknown[]).includes(role)) return null;
  return {
    kind: 'session',
    member_id: sub,
    account_id,
    org_id,
    role: role as SessionPrincipal['role'],
    session_id: sid,
    generation: gen as number,
    // Identity's record, not the token's: these are filled in when the session is checked.
    second_factor: false,
    account_status: 'active',
    kyc_status: 'none',
    otp_actions: [],
  };
}

/** An organization admin's token (decisions D2) carries `lvl: org_admin` and no account. */
export function orgAdminPrincipalOf(
  claims: Partial<OrgAdminSessionClaims>,
): OrgAdminPrincipal | null {
  const { sub, org_id, lvl, sid, gen } = claims;
  if (lvl !== 'org_admin' || !sub || !org_id || !sid) return null;
  if (gen !== undefined && !Number.isSafeInteger(gen)) return null;
  // Tokens signed before admin sessions had a refresh chain carry no generation: the first.
  return { kind: 'org_admin', admin_id: sub, org_id, session_id: sid, generation: gen ?? 1 };
}

type TokenPrincipal = SessionPrincipal | OrgAdminPrincipal;

/** What the strategy hands over for a token that verified: its principal and its expiry. */
interface VerifiedToken {
  principal: TokenPrincipal;
  /** The `exp` claim, seconds since the epoch. */
  exp: number | undefined;
}

/** Verified tokens kept per environment: about one per active session. */
const VERIFIED_TOKENS_KEPT = 10_000;

type StrategyAttempt = Strategy & {
  success(user: unknown): void;
  fail(): void;
  error(error: unknown): void;
  pass(): void;
  redirect(): void;
};

/**
 * Verifies session JWTs with passport-jwt (HS256, this environment's issuer and audience, not
 * expired). The strategy runs on its own instance rather than through passport's process-wide
 * registry: both environments of the all-in-one runtime share one process, each with its own key.
 */
@Injectable()
export class SessionJwtVerifier {
  private readonly strategy: Strategy;
  private readonly tokenOf = ExtractJwt.fromExtractors([
    ExtractJwt.fromAuthHeaderAsBearerToken(),
    apiKeyHeader,
  ]);
  private readonly verified = new VerifiedTokens<TokenPrincipal>(VERIFIED_TOKENS_KEPT);

  constructor(
    @Inject(PLATFORM_CONTEXT) context: PlatformContext,
    @Inject(GATEWAY_SETTINGS) settings: GatewaySettings,
    private readonly bus: BusClient,
  ) {
    const issuer = sessionTokenIssuer(context.environment);
    this.strategy = new Strategy(
      {
        jwtFromRequest: this.tokenOf,
        // A KeyObject, made once: given bytes, jsonwebtoken first tries (and fails) to parse them
        // as a public key on every verification, which cost more than a millisecond a request.
        secretOrKey: createSecretKey(
          sessionSigningKey(context.environment, settings),
        ) as unknown as Buffer,
        algorithms: ['HS256'],
        issuer,
        audience: issuer,
        ignoreExpiration: false,
      },
      (
        claims: Partial<SessionClaims & OrgAdminSessionClaims> & { exp?: number },
        done: VerifiedCallback,
      ) => {
        const principal = claims.lvl ? orgAdminPrincipalOf(claims) : principalOf(claims);
        done(null, principal ? ({ principal, exp: claims.exp } satisfies VerifiedToken) : false);
      },
    );
  }

  /**
   * The principal of a request's session JWT, or null when it has none that verifies. A token
   * that verifies is then checked with identity: a revoked session or a token superseded by a
   * refresh (spec §5 rule 4) is refused, with `unauthorized`, before its 24 hours are up.
   */
  async verify(request: unknown): Promise<AuthenticatedPrincipal | null> {
    const principal = await this.verifySignature(request);
    if (!principal) return null;
    if (principal.kind === 'org_admin') {
      await this.bus.send(ACCOUNT_SETTINGS_COMMANDS.verify_org_admin_session, {
        session_id: principal.session_id,
        admin_id: principal.admin_id,
        generation: principal.generation,
      });
      return principal;
    }
    const live = await this.bus.send(ACCOUNT_COMMANDS.verify_session, {
      session_id: principal.session_id,
      generation: principal.generation,
    });
    // Spec §5 rule 9: whether the session has 2FA is identity's record, not the token's claim,
    // so a second factor proven after sign-in counts at once; so is a block of the account.
    return {
      ...principal,
      second_factor: live.second_factor,
      account_status: live.account_status,
      kyc_status: live.kyc_status,
      otp_actions: live.otp_actions,
    };
  }

  private async verifySignature(request: unknown): Promise<TokenPrincipal | null> {
    const token = this.tokenOf(request as Parameters<typeof this.tokenOf>[0]);
    const known = token ? this.verified.get(token) : undefined;
    if (known) return { ...known };
    const verified = await this.runStrategy(request);
    if (!verified) return null;
    if (token && verified.exp !== undefined)
      this.verified.remember(token, { ...verified.principal }, verified.exp * 1000);
    return verified.principal;
  }

  private runStrategy(request: unknown): Promise<VerifiedToken | null> {
    return new Promise((resolve) => {
      // What passport's authenticate middleware does: an attempt object inheriting the strategy.
      const attempt = Object.create(this.strategy) as StrategyAttempt;
      attempt.success = (user) => resolve(user as VerifiedToken);
      attempt.fail = () => resolve(null);
      attempt.error = () => resolve(null);
      attempt.pass = () => resolve(null);
      attempt.redirect = () => resolve(null);
      attempt.authenticate(request as Parameters<Strategy['authenticate']>[0]);
    });
  }
}
