import type { IssuedApiKey, OrgAdminSession } from '@platform/contracts';
import { authenticator } from 'otplib';
import {
  latestCode,
  mailboxFor,
  registerAndConfirm,
  registration,
  TEST_PASSWORD,
  uniqueEmail,
  type ConfirmOptions,
  type TestSession,
} from './accounts';
import { bearer, http, json, type Target } from './http';

/** The session id (`sid`) an access token carries, as `DELETE /v1/me/sessions/{id}` takes it. */
export function sessionIdOf(access_token: string): string {
  const payload = access_token.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sid: string }).sid;
}

/** The authenticator app's code of the next 30-second step, inside the accepted drift window. */
export function nextAppCode(secret: string): string {
  return authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);
}

/** Identity's routes (spec §2, §4, §5): accounts, sessions, members, API keys, OTP, operators. */
export function identityClient(target: Target) {
  const client = http(target);
  const { request } = client;

  /** `request` with a positional body and headers. */
  const call = (
    method: string,
    route: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => request(method, route, { body, headers });
  const post = (route: string, body?: unknown, headers: Record<string, string> = {}) =>
    call('POST', route, body, headers);

  const register = (email: string, overrides: Record<string, unknown> = {}) =>
    request('POST', '/v1/auth/register', { body: registration(email, overrides) });

  const login = (email: string, password = TEST_PASSWORD, org = 'demo') =>
    request('POST', '/v1/auth/login', { body: { org, email, password } });

  const loginSession = async (email: string, password = TEST_PASSWORD): Promise<TestSession> =>
    json<TestSession>(await login(email, password), 200);

  /** A confirmed company of `org` (the shape the OTP suites use). */
  const registerCompany = (
    org: string,
    email: string,
    extra: Record<string, unknown> = {},
    options: ConfirmOptions = {},
  ) =>
    registerAndConfirm(
      client,
      email,
      { org, type: 'company', display_name: 'Analytical Engines', ...extra },
      options,
    );

  /** A company account with an owner and, per role given, one member who signed in. */
  const companyWithMembers = async (roles: string[]) => {
    const owner_email = uniqueEmail('owner');
    const owner = await registerAndConfirm(client, owner_email, { type: 'company' });
    const members: Record<string, { email: string; id: string; session: TestSession }> = {};
    for (const role of roles) {
      const email = uniqueEmail(role);
      const created = await request('POST', '/v1/members', {
        token: owner.access_token,
        body: { email, password: TEST_PASSWORD, role },
      });
      const { id } = await json<{ id: string }>(created, 201);
      members[role] = { email, id, session: await loginSession(email) };
    }
    return { owner, owner_email, members };
  };

  const issueApiKey = async (token: string, label = 'test'): Promise<string> =>
    (
      await json<IssuedApiKey>(
        await request('POST', '/v1/api-keys', { token, body: { label } }),
        201,
      )
    ).token;

  const challenge = (token: string, action: string, channel?: string) =>
    post('/v1/otp/challenges', channel ? { action, channel } : { action }, bearer(token));

  /** A verified challenge's token (`X-OTP-Token`), with the D3 sandbox code. */
  const otpToken = async (token: string, action: string): Promise<string> => {
    const { challenge_id } = await json<{ challenge_id: string }>(
      await challenge(token, action),
      201,
    );
    const verified = await post(
      `/v1/otp/challenges/${challenge_id}/verify`,
      { code: '000000' },
      bearer(token),
    );
    return (await json<{ otp_token: string }>(verified, 200)).otp_token;
  };

  /**
   * Spec §5 rule 9: verifies an OTP challenge in the session (the D3 sandbox code), which makes
   * it a session with 2FA, as routes answering `human_session_required` need.
   */
  const withSecondFactor = async (token: string): Promise<void> => {
    await otpToken(token, 'password.change');
  };

  /** An organization made by the operator (`/admin/v1/organizations`). */
  const createOrganization = async (
    slug: string,
    name = 'Other Co',
    extra: Record<string, unknown> = {},
  ) =>
    json(await client.operator('POST', '/admin/v1/organizations', { slug, name, ...extra }), 201);

  const setOtpPolicy = async (org: string, policy: Record<string, unknown>) =>
    json(await client.operator('PUT', `/admin/v1/organizations/${org}/otp-policy`, policy), 200);

  /** An organization admin (decisions D2) made by the operator, and the session it signs in with. */
  const newOrgAdmin = async (org = 'demo', email = uniqueEmail('admin')) => {
    await json(
      await client.operator('POST', `/admin/v1/organizations/${org}/admins`, {
        email,
        password: TEST_PASSWORD,
      }),
      201,
    );
    return {
      email,
      session: await json<OrgAdminSession>(await login(email, TEST_PASSWORD, org), 200),
    };
  };

  return {
    get base_url() {
      return client.base_url;
    },
    request,
    operator: client.operator,
    call,
    post,
    json,
    register,
    registerAndConfirm: (email: string, overrides: Record<string, unknown> = {}) =>
      registerAndConfirm(client, email, overrides),
    registerCompany,
    login,
    loginSession,
    companyWithMembers,
    issueApiKey,
    challenge,
    otpToken,
    withSecondFactor,
    createOrganization,
    setOtpPolicy,
    newOrgAdmin,
    mailboxFor: (recipient: string) => mailboxFor(client, recipient),
    latestCode: (recipient: string) => latestCode(client, recipient),
    uniqueEmail,
  };
}

export type IdentityClient = ReturnType<typeof identityClient>;
