import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import {
  DomainError,
  type AccountStatus,
  type KycStatus,
  type MemberRole,
  type OtpAction,
} from '@platform/contracts';

/** A person signed in with a session JWT. */
export interface SessionPrincipal {
  kind: 'session';
  member_id: string;
  account_id: string;
  org_id: string;
  role: MemberRole;
  session_id: string;
  /** The session generation the access token was issued at. */
  generation: number;
  /**
   * Whether the session has 2FA (spec §5 rule 9): opened with a passkey or by an OTP login, or a
   * second factor verified in it since. Identity's answer, filled in when the session is checked.
   */
  second_factor: boolean;
  /** Identity's answer when the session is checked: `blocked` lets it only read and sign out. */
  account_status: AccountStatus;
  /** Identity's answer when the session is checked: the account's identity verification. */
  kyc_status: KycStatus;
  /**
   * Identity's answer when the session is checked: the actions its organization asks a one-time
   * code for now. The OTP guard has identity spend a token only for these.
   */
  otp_actions: readonly OtpAction[];
}

/**
 * An API key: an account credential with no session; it acts with the owner's role on the
 * account's money and data, never on its credentials (`@ManagesCredentials()`, decisions D12).
 */
export interface ApiKeyPrincipal {
  kind: 'api_key';
  api_key_id: string;
  account_id: string;
  org_id: string;
  role: 'owner';
  /** Identity's answer when the key is checked: `blocked` lets it only read. */
  account_status: AccountStatus;
  /** Identity's answer when the key is checked: the account's identity verification. */
  kyc_status: KycStatus;
}

/** Who a request acts for, as the credential guard established it. */
export type Principal = SessionPrincipal | ApiKeyPrincipal;

/**
 * An organization admin's session (decisions D2): it operates the organization and holds no
 * account, so it is not a `Principal`; only routes declared
 * `@RequireCredentialLevel('org_admin')` admit it, and they read it with `@CurrentOrgAdmin()`.
 */
export interface OrgAdminPrincipal {
  kind: 'org_admin';
  admin_id: string;
  org_id: string;
  session_id: string;
  /** The session generation the access token was issued at (a refresh bumps it). */
  generation: number;
}

/** Any credential the guard accepts: an account's, or an organization admin's. */
export type AuthenticatedPrincipal = Principal | OrgAdminPrincipal;

/** The member behind a principal, when a person is (API keys have none). */
export function memberIdOf(principal: Principal): string | null {
  switch (principal.kind) {
    case 'session':
      return principal.member_id;
    case 'api_key':
      return null;
    default: {
      const unhandled: never = principal;
      throw new Error(`unknown principal ${JSON.stringify(unhandled)}`);
    }
  }
}

/** Where the guard leaves the principal on the request (passport's `property`). */
export const PRINCIPAL_PROPERTY = 'principal';

/** `@CurrentPrincipal() principal: Principal` on a route behind the credential guard. */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, execution: ExecutionContext): Principal => {
    const request = execution.switchToHttp().getRequest<Record<string, unknown>>();
    const principal = request[PRINCIPAL_PROPERTY] as AuthenticatedPrincipal | undefined;
    // A route that reads a principal but was declared @Public(): a wiring bug, not a client's.
    if (!principal) throw new DomainError('unauthorized', 'a credential is required');
    // The role guard refuses it first; this keeps an undeclared route from reading one.
    if (principal.kind === 'org_admin')
      throw new DomainError('account_required', 'this route needs an account credential');
    return principal;
  },
);

/** `@CurrentOrgAdmin() admin: OrgAdminPrincipal` on a route declared for organization admins. */
export const CurrentOrgAdmin = createParamDecorator(
  (_data: unknown, execution: ExecutionContext): OrgAdminPrincipal => {
    const request = execution.switchToHttp().getRequest<Record<string, unknown>>();
    const principal = request[PRINCIPAL_PROPERTY] as AuthenticatedPrincipal | undefined;
    if (principal?.kind !== 'org_admin')
      throw new DomainError('org_admin_required', 'this route needs an organization admin');
    return principal;
  },
);

/**
 * The person behind a principal. Routes that need one declare `@ManagesCredentials()`, so the
 * guard has already refused API keys; this narrows the type and refuses them the same way
 * should a route forget (decisions D12).
 */
export function personOf(principal: Principal): SessionPrincipal {
  if (principal.kind !== 'session')
    throw new DomainError('session_required', 'this route needs a signed-in person');
  return principal;
}

/** The actor of an identity command: the account, and the member when a person acts. */
export function actorOf(principal: Principal): { account_id: string; member_id: string | null } {
  return { account_id: principal.account_id, member_id: memberIdOf(principal) };
}
