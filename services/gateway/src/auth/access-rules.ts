import { DomainError, type ErrorCode, type MemberRole } from '@platform/contracts';
import type { CredentialLevel } from './access.decorators';
import type { AuthenticatedPrincipal } from './principal';

const ROLE_RANK: Record<MemberRole, number> = { viewer: 0, operator: 1, owner: 2 };
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Spec §5 rule 8, §7: the credential level a route declares. Undeclared routes are account
 * routes: an organization admin, who holds no account, gets `account_required` there. A route
 * that manages credentials refuses API keys first, with `session_required` (decisions D12).
 */
export function assertCredentialLevel(
  principal: AuthenticatedPrincipal,
  level: CredentialLevel | undefined,
  manages_credentials = false,
): void {
  if (manages_credentials && principal.kind === 'api_key')
    throw new DomainError(
      'session_required',
      'API keys cannot manage credentials: sign in as a person to do this',
    );
  if (principal.kind === 'org_admin' && refusesOrgAdmins(level))
    throw new DomainError('account_required', 'this route needs an account credential');
  switch (level) {
    case undefined:
    case 'account':
      return;
    case 'org_admin':
      if (principal.kind !== 'org_admin')
        throw new DomainError('org_admin_required', 'this route needs an organization admin');
      return;
    case 'human_session':
      assertHumanSession(principal);
      return;
    case 'account_or_org_admin':
      // Every credential the guard accepts; account credentials still meet the role rules.
      return;
    default: {
      const unhandled: never = level;
      throw new Error(`unknown credential level ${String(unhandled)}`);
    }
  }
}

/** Whether a route of this declared level refuses an organization admin (`account_required`). */
function refusesOrgAdmins(level: CredentialLevel | undefined): boolean {
  return level === undefined || level === 'account' || level === 'human_session';
}

/**
 * The 403 codes `assertCredentialLevel` answers on a route of this level, for the OpenAPI
 * document; and whether the route takes account credentials, which a blocked account holds.
 */
export function credentialLevelRefusals(level: CredentialLevel | undefined): {
  codes: ErrorCode[];
  takes_accounts: boolean;
} {
  const codes: ErrorCode[] = refusesOrgAdmins(level) ? ['account_required'] : [];
  if (level === 'org_admin') codes.push('org_admin_required');
  if (level === 'human_session') codes.push('human_session_required');
  return { codes, takes_accounts: level !== 'org_admin' };
}

/** Spec §5 rule 9: a person's session with 2FA; an API key is not a person. */
function assertHumanSession(principal: AuthenticatedPrincipal): void {
  if (principal.kind === 'api_key')
    throw new DomainError('human_session_required', 'this route needs a signed-in person');
  // An organization admin was refused before (`account_required`): only sessions are left.
  if (principal.kind === 'session' && !principal.second_factor)
    throw new DomainError(
      'human_session_required',
      'this route needs a session with 2FA: sign in with a passkey, or verify an OTP challenge first',
    );
}

/**
 * Spec §5 rule 7, decisions D4. With no declaration, reads (GET, HEAD) are open to every role
 * and writes need an operator: a viewer's write is `forbidden`. `@RequireRole('owner')` admits
 * owners only (`owner_required`, the code spec §7 names for it); any other declared role is the
 * lowest one admitted (`forbidden` below it). API keys act as the owner (on routes that admit
 * them at all: credential routes do not).
 */
export function assertRole(role: MemberRole, required: MemberRole | undefined, method: string) {
  const lowest = required ?? (READ_METHODS.has(method.toUpperCase()) ? 'viewer' : 'operator');
  if (ROLE_RANK[role] >= ROLE_RANK[lowest]) return;
  if (lowest === 'owner')
    throw new DomainError('owner_required', 'only an owner of the account can do this');
  throw new DomainError('forbidden', `a ${role} cannot do this`);
}
