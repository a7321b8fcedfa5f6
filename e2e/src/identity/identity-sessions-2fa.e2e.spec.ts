import {
  SoftwareAuthenticator,
  type CreationOptionsJSON,
  type RequestOptionsJSON,
} from '@platform/testing';
import { expectError, identityClient, sessionIdOf, TEST_PASSWORD, uniqueEmail } from '../clients';
import { startPlatform, type E2ePlatform } from '../harness';

const ORIGIN = 'http://localhost:8080';
const LOGIN_OTP_ORG = 'sessions-login-otp';

interface SessionBody {
  access_token: string;
  refresh_token: string;
}

interface AdminSessionBody extends SessionBody {
  credential_level: 'org_admin';
}

/**
 * Spec §5 rule 9 (routes needing "a human session with 2FA": passkey sign-in, OTP login, or a
 * second factor verified in the session), and organization admins' sessions, which refresh and
 * sign out like every other session (spec §5 rule 4, §4 sessions routes).
 */
describe('identity: sessions with 2FA, and organization admin sessions', () => {
  let platform: E2ePlatform;
  let client: ReturnType<typeof identityClient>;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'sessions2fa', settings: { PASSKEY_ORIGINS: ORIGIN } });
    client = identityClient(platform.environments.test);
    await client.createOrganization(LOGIN_OTP_ORG, 'Login OTP', { otp_channel_floor: 'sms' });
    await client.setOtpPolicy(LOGIN_OTP_ORG, { login_otp_required: true });
  });
  afterAll(async () => platform.close());

  const changeEmail = (token: string) =>
    client.request('POST', '/v1/me/email/change', {
      token,
      body: { new_email: uniqueEmail('changed') },
    });

  describe('human_session_required routes', () => {
    it('refuses a password session without 2FA and an API key; a challenge verified in the session admits it', async () => {
      const email = uniqueEmail('plain');
      const first = await client.registerAndConfirm(email);
      const second = await client.loginSession(email);
      const api_key = await client.issueApiKey(first.access_token);

      await expectError(await changeEmail(first.access_token), 403, 'human_session_required');
      await expectError(
        await client.request('POST', '/v1/me/email/change', {
          headers: { 'x-api-key': api_key },
          body: { new_email: uniqueEmail('key') },
        }),
        403,
        // An API key manages no credentials at all (decisions D12).
        'session_required',
      );

      await client.withSecondFactor(first.access_token);
      expect((await changeEmail(first.access_token)).status).toBe(200);
      // 2FA belongs to the session it was proven in, not to the member's other sessions.
      await expectError(await changeEmail(second.access_token), 403, 'human_session_required');

      // A refresh continues the same session: its 2FA stays.
      const refreshed = await client.request('POST', '/v1/auth/refresh', {
        body: { refresh_token: first.refresh_token },
      });
      const { access_token } = await client.json<SessionBody>(refreshed);
      expect((await changeEmail(access_token)).status).toBe(200);

      // A password change proves the current password itself: any signed-in session may do it.
      const password_changed = await client.request('POST', '/v1/me/password', {
        token: second.access_token,
        body: { current_password: TEST_PASSWORD, new_password: 'another password' },
      });
      expect(password_changed.status).toBe(200);
    });

    it('admits a session signed in with a passkey', async () => {
      const email = uniqueEmail('passkey');
      const session = await client.registerAndConfirm(email);
      const authenticator = new SoftwareAuthenticator(ORIGIN);
      const begin = await client.request('POST', '/v1/me/passkeys/register/begin', {
        token: session.access_token,
      });
      const credential = authenticator.register(await client.json<CreationOptionsJSON>(begin));
      const registered = await client.request('POST', '/v1/me/passkeys/register/finish', {
        token: session.access_token,
        body: { credential },
      });
      expect(registered.status).toBe(201);

      const options = await client.request('POST', '/v1/auth/passkeys/login/begin', {
        body: { org: 'demo', email },
      });
      const assertion = authenticator.authenticate(await client.json<RequestOptionsJSON>(options));
      const signed_in = await client.request('POST', '/v1/auth/passkeys/login/finish', {
        body: { org: 'demo', credential: assertion },
      });
      expect(signed_in.status).toBe(200);
      const passkey_session = await client.json<SessionBody>(signed_in);

      expect((await changeEmail(passkey_session.access_token)).status).toBe(200);
      await expectError(await changeEmail(session.access_token), 403, 'human_session_required');
    });

    it('admits a session opened by an OTP login', async () => {
      const email = uniqueEmail('otp-login');
      const registered = await client.register(email, { org: LOGIN_OTP_ORG });
      expect(registered.status).toBe(201);
      const confirmed = await client.request('POST', '/v1/auth/register/confirm', {
        body: { org: LOGIN_OTP_ORG, email, code: '000000' },
      });
      const plain = await client.json<SessionBody>(confirmed);
      await expectError(await changeEmail(plain.access_token), 403, 'human_session_required');

      const pending = await client.json<{ pending_token: string }>(
        await client.login(email, TEST_PASSWORD, LOGIN_OTP_ORG),
      );
      const finished = await client.request('POST', '/v1/auth/login/otp', {
        body: { pending_token: pending.pending_token, code: '000000' },
      });
      expect(finished.status).toBe(200);
      const session = await client.json<SessionBody>(finished);
      expect((await changeEmail(session.access_token)).status).toBe(200);
    });
  });

  describe('organization admin sessions', () => {
    const adminEmail = async (): Promise<string> => {
      const email = uniqueEmail('admin');
      const created = await client.operator('POST', '/admin/v1/organizations/demo/admins', {
        email,
        password: TEST_PASSWORD,
      });
      expect(created.status).toBe(201);
      return email;
    };
    const adminLogin = async (email: string): Promise<AdminSessionBody> => {
      const response = await client.login(email);
      expect(response.status).toBe(200);
      const session = await client.json<AdminSessionBody>(response);
      expect(session).toMatchObject({
        credential_level: 'org_admin',
        refresh_token: expect.stringMatching(/^rt_/),
        refresh_expires_at: expect.any(String),
      });
      return session;
    };
    const orgAccounts = (token: string) => client.request('GET', '/v1/org/accounts', { token });
    const refresh = (refresh_token: string) =>
      client.request('POST', '/v1/auth/refresh', { body: { refresh_token } });

    it('rotates the refresh token, retires the previous access token, and revokes the chain on reuse', async () => {
      const admin = await adminLogin(await adminEmail());
      expect((await orgAccounts(admin.access_token)).status).toBe(200);

      const rotated_response = await refresh(admin.refresh_token);
      expect(rotated_response.status).toBe(200);
      const rotated = await client.json<AdminSessionBody>(rotated_response);
      expect(rotated).toMatchObject({
        credential_level: 'org_admin',
        refresh_token: expect.stringMatching(/^rt_/),
      });
      expect(rotated.refresh_token).not.toBe(admin.refresh_token);
      expect(sessionIdOf(rotated.access_token)).toBe(sessionIdOf(admin.access_token));
      await expectError(await orgAccounts(admin.access_token), 401, 'unauthorized');
      expect((await orgAccounts(rotated.access_token)).status).toBe(200);

      // Replaying the exchanged token revokes the whole session.
      await expectError(await refresh(admin.refresh_token), 401, 'invalid_refresh_token');
      await expectError(await orgAccounts(rotated.access_token), 401, 'unauthorized');
      await expectError(await refresh(rotated.refresh_token), 401, 'invalid_refresh_token');
    });

    it('signs out one session by id or all of them; nobody else can sign them out', async () => {
      const email = await adminEmail();
      const first = await adminLogin(email);
      const second = await adminLogin(email);
      const third = await adminLogin(email);
      const member = await client.registerAndConfirm(uniqueEmail('member'));

      const first_id = sessionIdOf(first.access_token);
      await expectError(
        await client.request('DELETE', `/v1/me/sessions/${first_id}`, {
          token: member.access_token,
        }),
        404,
        'not_found',
      );
      await expectError(
        await client.request('DELETE', `/v1/me/sessions/${sessionIdOf(member.access_token)}`, {
          token: second.access_token,
        }),
        404,
        'not_found',
      );
      expect((await client.request('GET', '/v1/me', { token: member.access_token })).status).toBe(
        200,
      );

      const signed_out = await client.request('DELETE', `/v1/me/sessions/${first_id}`, {
        token: second.access_token,
      });
      expect(signed_out.status).toBe(200);
      expect(await signed_out.json()).toEqual({ session_id: first_id, status: 'revoked' });
      await expectError(await orgAccounts(first.access_token), 401, 'unauthorized');
      await expectError(await refresh(first.refresh_token), 401, 'invalid_refresh_token');
      expect((await orgAccounts(second.access_token)).status).toBe(200);

      const all = await client.request('POST', '/v1/me/sessions/revoke-all', {
        token: third.access_token,
      });
      expect(all.status).toBe(200);
      expect(await all.json()).toEqual({ revoked: 2 });
      await expectError(await orgAccounts(second.access_token), 401, 'unauthorized');
      await expectError(await orgAccounts(third.access_token), 401, 'unauthorized');
      await expectError(await refresh(third.refresh_token), 401, 'invalid_refresh_token');
      expect((await client.request('GET', '/v1/me', { token: member.access_token })).status).toBe(
        200,
      );
    });
  });
});
