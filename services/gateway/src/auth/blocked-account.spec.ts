import type { AccountStatus } from '@platform/contracts';
import { blockedAccountRefusal } from './blocked-account';
import type { AuthenticatedPrincipal } from './principal';

const session = (account_status: AccountStatus): AuthenticatedPrincipal => ({
  kind: 'session',
  member_id: 'm',
  account_id: 'a',
  org_id: 'o',
  role: 'owner',
  session_id: 's',
  generation: 1,
  second_factor: true,
  account_status,
  kyc_status: 'approved',
  otp_actions: [],
});
const api_key = (account_status: AccountStatus): AuthenticatedPrincipal => ({
  kind: 'api_key',
  api_key_id: 'k',
  account_id: 'a',
  org_id: 'o',
  role: 'owner',
  account_status,
  kyc_status: 'approved',
});
const org_admin: AuthenticatedPrincipal = {
  kind: 'org_admin',
  admin_id: 'x',
  org_id: 'o',
  session_id: 's',
  generation: 1,
};

const refusal = (method: string, url: string, principal: AuthenticatedPrincipal) =>
  blockedAccountRefusal(method, url, principal)?.code ?? null;

describe('blockedAccountRefusal', () => {
  it.each([
    ['POST', '/v1/payouts'],
    ['POST', '/v1/transfers'],
    ['POST', '/v1/api-keys'],
    ['DELETE', '/v1/api-keys/k1'],
    ['PATCH', '/v1/me'],
    ['PUT', '/v1/otp/preferences'],
    ['POST', '/v1/me/verification/link'],
    ['POST', '/v1/me/sessions'],
    ['DELETE', '/v1/me/sessions/s1/extra'],
    ['POST', '/v1/me/sessions/revoke-all/x'],
  ])('refuses %s %s of a blocked account, by session or API key', (method, url) => {
    expect(refusal(method, url, session('blocked'))).toBe('account_blocked');
    expect(refusal(method, url, api_key('blocked'))).toBe('account_blocked');
  });

  it.each([
    ['GET', '/v1/me'],
    ['GET', '/v1/balances?asset=USD'],
    ['head', '/v1/payouts'],
    ['OPTIONS', '/v1/transfers'],
    ['DELETE', '/v1/me/sessions/0b6f0f3e-8f3b-4f43-9c39-1c1d6f1a2b3c'],
    ['POST', '/v1/me/sessions/revoke-all'],
    ['POST', '/v1/me/sessions/revoke-all?reason=done'],
  ])('lets a blocked account %s %s (a read or a sign-out)', (method, url) => {
    expect(refusal(method, url, session('blocked'))).toBeNull();
  });

  it('never refuses an active account', () => {
    expect(refusal('POST', '/v1/payouts', session('active'))).toBeNull();
    expect(refusal('POST', '/v1/payouts', api_key('active'))).toBeNull();
  });

  it('never refuses an organization admin, who holds no account', () => {
    expect(refusal('POST', '/v1/org/verifications/x/decision', org_admin)).toBeNull();
  });
});
