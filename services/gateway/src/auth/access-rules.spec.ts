import { DomainError, type MemberRole } from '@platform/contracts';
import type { CredentialLevel } from './access.decorators';
import { assertCredentialLevel, assertRole } from './access-rules';
import type { AuthenticatedPrincipal } from './principal';

function refusal(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
}

const session: AuthenticatedPrincipal = {
  kind: 'session',
  member_id: 'm',
  account_id: 'a',
  org_id: 'o',
  role: 'viewer',
  session_id: 's',
  generation: 1,
  second_factor: false,
  account_status: 'active',
  kyc_status: 'approved',
  otp_actions: [],
};
const session_with_2fa: AuthenticatedPrincipal = { ...session, second_factor: true };
const api_key: AuthenticatedPrincipal = {
  kind: 'api_key',
  api_key_id: 'k',
  account_id: 'a',
  org_id: 'o',
  role: 'owner',
  account_status: 'active',
  kyc_status: 'approved',
};
const org_admin: AuthenticatedPrincipal = {
  kind: 'org_admin',
  admin_id: 'x',
  org_id: 'o',
  session_id: 's',
  generation: 1,
};

describe('assertCredentialLevel', () => {
  it.each<[AuthenticatedPrincipal, CredentialLevel | undefined, string | null]>([
    [session, undefined, null],
    [api_key, undefined, null],
    [org_admin, undefined, 'account_required'],
    [org_admin, 'account', 'account_required'],
    [session, 'account', null],
    [session, 'org_admin', 'org_admin_required'],
    [api_key, 'org_admin', 'org_admin_required'],
    [org_admin, 'org_admin', null],
    [api_key, 'human_session', 'human_session_required'],
    [org_admin, 'human_session', 'account_required'],
    [session, 'human_session', 'human_session_required'],
    [session_with_2fa, 'human_session', null],
    [session, 'account_or_org_admin', null],
    [api_key, 'account_or_org_admin', null],
    [org_admin, 'account_or_org_admin', null],
  ])('%o at level %s: %s', (principal, level, expected) => {
    expect(refusal(() => assertCredentialLevel(principal, level))).toBe(expected);
  });

  // Decisions D12: API keys never manage credentials, whatever else the route admits.
  it.each<[AuthenticatedPrincipal, CredentialLevel | undefined, string | null]>([
    [api_key, undefined, 'session_required'],
    [api_key, 'account_or_org_admin', 'session_required'],
    [api_key, 'human_session', 'session_required'],
    [session, undefined, null],
    [session, 'human_session', 'human_session_required'],
    [session_with_2fa, 'human_session', null],
    [org_admin, undefined, 'account_required'],
    [org_admin, 'account_or_org_admin', null],
  ])('%o on a credential route at level %s: %s', (principal, level, expected) => {
    expect(refusal(() => assertCredentialLevel(principal, level, true))).toBe(expected);
  });
});

describe('assertRole', () => {
  it.each<[MemberRole, MemberRole | undefined, string, string | null]>([
    ['viewer', undefined, 'GET', null],
    ['viewer', undefined, 'head', null],
    ['viewer', undefined, 'POST', 'forbidden'],
    ['viewer', undefined, 'DELETE', 'forbidden'],
    ['operator', undefined, 'PATCH', null],
    ['owner', undefined, 'POST', null],
    ['operator', 'owner', 'POST', 'owner_required'],
    ['viewer', 'owner', 'GET', 'owner_required'],
    ['owner', 'owner', 'DELETE', null],
    ['viewer', 'viewer', 'POST', null],
    ['viewer', 'operator', 'GET', 'forbidden'],
  ])('%s on a route requiring %s, %s: %s', (role, required, method, expected) => {
    expect(refusal(() => assertRole(role, required, method))).toBe(expected);
  });
});
