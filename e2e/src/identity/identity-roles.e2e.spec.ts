import { identityClient, expectError, uniqueEmail, TEST_PASSWORD } from '../clients';
import { startPlatform, type E2ePlatform } from '../harness';

describe('identity: roles, credential levels, organization admins and disabled members', () => {
  let platform: E2ePlatform;
  let client: ReturnType<typeof identityClient>;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'roles' });
    client = identityClient(platform.environments.test);
  });
  afterAll(async () => platform.close());

  const operatorPost = (route: string, body: unknown) => client.operator('POST', route, body);

  describe('roles', () => {
    it('lets every role read, needs an operator to write and an owner to manage keys and members', async () => {
      const { owner, members } = await client.companyWithMembers(['operator', 'viewer']);
      const viewer = members.viewer!.session.access_token;
      const operator = members.operator!.session.access_token;

      expect((await client.request('GET', '/v1/members', { token: viewer })).status).toBe(200);
      expect((await client.request('GET', '/v1/api-keys', { token: viewer })).status).toBe(200);
      await expectError(
        await client.request('PATCH', '/v1/me', { token: viewer, body: { phone: '+14155550100' } }),
        403,
        'forbidden',
      );
      const operator_write = await client.request('PATCH', '/v1/me', {
        token: operator,
        body: { phone: '+14155550100' },
      });
      expect(operator_write.status).toBe(200);

      const key = await client.request('POST', '/v1/api-keys', {
        token: owner.access_token,
        body: { label: 'owner key' },
      });
      const { api_key_id } = await client.json<{ api_key_id: string }>(key);
      for (const token of [operator, viewer]) {
        await expectError(
          await client.request('POST', '/v1/api-keys', { token, body: { label: 'no' } }),
          403,
          'owner_required',
        );
        await expectError(
          await client.request('DELETE', `/v1/api-keys/${api_key_id}`, { token }),
          403,
          'owner_required',
        );
        await expectError(
          await client.request('POST', '/v1/members', {
            token,
            body: { email: uniqueEmail('nope'), password: TEST_PASSWORD },
          }),
          403,
          'owner_required',
        );
      }
      const listed = await client.json<{ api_keys: { api_key_id: string }[] }>(
        await client.request('GET', '/v1/api-keys', { token: owner.access_token }),
      );
      expect(listed.api_keys.map((k) => k.api_key_id)).toEqual([api_key_id]);
      // A viewer proves its own identity: OTP challenges are open to every role.
      const challenge = await client.request('POST', '/v1/otp/challenges', {
        token: viewer,
        body: { action: 'password.change', channel: 'email' },
      });
      expect(challenge.status).toBe(201);
      const { challenge_id } = await client.json<{ challenge_id: string }>(challenge);
      const verified = await client.request('POST', `/v1/otp/challenges/${challenge_id}/verify`, {
        token: viewer,
        body: { code: '000000' },
      });
      expect(verified.status).toBe(200);
      // Signing oneself out is a viewer's right too.
      const signed_out = await client.request('POST', '/v1/me/sessions/revoke-all', {
        token: viewer,
      });
      expect(signed_out.status).toBe(200);
      await expectError(
        await client.request('GET', '/v1/me', { token: viewer }),
        401,
        'unauthorized',
      );
    });

    it('treats an API key as the owner for money and data, never for credentials', async () => {
      const { owner } = await client.companyWithMembers([]);
      const api_key = await client.issueApiKey(owner.access_token);
      const written = await client.request('PATCH', '/v1/me', {
        headers: { 'x-api-key': api_key },
        body: { locale: 'es' },
      });
      expect(written.status).toBe(200);
      await expectError(
        await client.request('POST', '/v1/members', {
          headers: { 'x-api-key': api_key },
          body: { email: uniqueEmail('by-key'), password: TEST_PASSWORD, role: 'viewer' },
        }),
        403,
        'session_required',
      );
      await expectError(
        await client.request('POST', '/v1/api-keys', {
          headers: { 'x-api-key': api_key },
          body: { label: 'from a key' },
        }),
        403,
        'session_required',
      );
    });
  });

  describe('credential levels and organization admins', () => {
    it('signs an organization admin in at /v1/auth/login and serves the org routes to it alone', async () => {
      const slug = `acme-${Date.now().toString(36)}`;
      expect((await operatorPost('/admin/v1/organizations', { slug, name: 'Acme' })).status).toBe(
        201,
      );
      const demo_admin_email = uniqueEmail('demo-admin');
      const acme_admin_email = uniqueEmail('acme-admin');
      expect(
        (
          await operatorPost('/admin/v1/organizations/demo/admins', {
            email: demo_admin_email,
            password: TEST_PASSWORD,
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await operatorPost(`/admin/v1/organizations/${slug}/admins`, {
            email: acme_admin_email,
            password: TEST_PASSWORD,
          })
        ).status,
      ).toBe(201);
      const first = await client.registerAndConfirm(uniqueEmail('org-first'));
      const second = await client.registerAndConfirm(uniqueEmail('org-second'));

      await expectError(
        await client.login(demo_admin_email, 'wrong password'),
        401,
        'invalid_credentials',
      );
      await expectError(await client.login(acme_admin_email), 401, 'invalid_credentials');
      const admin_login = await client.login(demo_admin_email.toUpperCase());
      expect(admin_login.status).toBe(200);
      const admin = await client.json<{ access_token: string }>(admin_login);
      expect(admin).toEqual({
        access_token: expect.any(String),
        expires_at: expect.any(String),
        refresh_token: expect.stringMatching(/^rt_/),
        refresh_expires_at: expect.any(String),
        credential_level: 'org_admin',
        admin_id: expect.any(String),
        org_id: expect.any(String),
      });

      const page = await client.request('GET', '/v1/org/accounts?page_size=2', {
        token: admin.access_token,
      });
      expect(page.status).toBe(200);
      const listing = await client.json<{
        page: number;
        page_size: number;
        accounts: { id: string }[];
      }>(page);
      expect(listing.page_size).toBe(2);
      expect(listing.accounts.map((a) => a.id)).toEqual([second.account!.id, first.account!.id]);

      const acme_admin = await client.json<{ access_token: string }>(
        await client.login(acme_admin_email, TEST_PASSWORD, slug),
      );
      const acme_listing = await client.json<{ accounts: unknown[] }>(
        await client.request('GET', '/v1/org/accounts', { token: acme_admin.access_token }),
      );
      expect(acme_listing.accounts).toEqual([]);

      await expectError(
        await client.request('GET', '/v1/me', { token: admin.access_token }),
        403,
        'account_required',
      );
      await expectError(
        await client.request('POST', '/v1/api-keys', { token: admin.access_token, body: {} }),
        403,
        'account_required',
      );
      await expectError(
        await client.request('GET', '/v1/org/accounts', { token: first.access_token }),
        403,
        'org_admin_required',
      );
      const api_key = await client.issueApiKey(first.access_token);
      await expectError(
        await client.request('GET', '/v1/org/accounts', { headers: { 'x-api-key': api_key } }),
        403,
        'org_admin_required',
      );
    });

    it('keeps password and email changes from API keys', async () => {
      const session = await client.registerAndConfirm(uniqueEmail('human'));
      const api_key = await client.issueApiKey(session.access_token);
      await expectError(
        await client.request('POST', '/v1/me/password', {
          headers: { 'x-api-key': api_key },
          body: { current_password: TEST_PASSWORD, new_password: 'another password' },
        }),
        403,
        'session_required',
      );
      await expectError(
        await client.request('POST', '/v1/me/email/change', {
          headers: { 'x-api-key': api_key },
          body: { new_email: uniqueEmail('new') },
        }),
        403,
        'session_required',
      );
    });
  });

  describe('PATCH /v1/members/{id}', () => {
    const patchMember = (token: string, id: string, body: unknown) =>
      client.request('PATCH', `/v1/members/${id}`, { token, body });

    it('disables a member: its session and sign-in answer member_disabled until re-enabled', async () => {
      const { owner, members } = await client.companyWithMembers(['operator']);
      const operator = members.operator!;
      const disabled = await patchMember(owner.access_token, operator.id, { status: 'disabled' });
      expect(disabled.status).toBe(200);
      expect(await disabled.json()).toEqual({
        id: operator.id,
        email: operator.email,
        role: 'operator',
        status: 'disabled',
      });
      await expectError(
        await client.request('GET', '/v1/me', { token: operator.session.access_token }),
        403,
        'member_disabled',
      );
      await expectError(await client.login(operator.email), 403, 'member_disabled');
      await expectError(
        await client.login(operator.email, 'not the password'),
        401,
        'invalid_credentials',
      );
      const refreshed = await client.request('POST', '/v1/auth/refresh', {
        body: { refresh_token: operator.session.refresh_token },
      });
      expect(refreshed.status).toBe(401);

      expect(
        (await patchMember(owner.access_token, operator.id, { status: 'active' })).status,
      ).toBe(200);
      const again = await client.loginSession(operator.email);
      expect((await client.request('GET', '/v1/me', { token: again.access_token })).status).toBe(
        200,
      );
      // The sessions that ended with the disabling stay ended.
      await expectError(
        await client.request('GET', '/v1/me', { token: operator.session.access_token }),
        401,
        'unauthorized',
      );
    });

    it('changes a role at once: old sessions end, new ones carry the role', async () => {
      const { owner, members } = await client.companyWithMembers(['operator']);
      const operator = members.operator!;
      const changed = await patchMember(owner.access_token, operator.id, { role: 'viewer' });
      expect(await changed.json()).toMatchObject({ role: 'viewer', status: 'active' });
      await expectError(
        await client.request('GET', '/v1/me', { token: operator.session.access_token }),
        401,
        'unauthorized',
      );
      const as_viewer = await client.loginSession(operator.email);
      expect(as_viewer.role).toBe('viewer');
      await expectError(
        await client.request('PATCH', '/v1/me', {
          token: as_viewer.access_token,
          body: { locale: 'es' },
        }),
        403,
        'forbidden',
      );
    });

    it('answers bad changes with their codes and changes nothing', async () => {
      const { owner, members } = await client.companyWithMembers(['operator', 'viewer']);
      const operator = members.operator!;
      const owner_id = (
        await client.json<{ members: { id: string; role: string }[] }>(
          await client.request('GET', '/v1/members', { token: owner.access_token }),
        )
      ).members.find((m) => m.role === 'owner')!.id;
      await expectError(
        await patchMember(owner.access_token, operator.id, { status: 'gone' }),
        400,
        'invalid_status',
      );
      await expectError(
        await patchMember(owner.access_token, operator.id, { role: 'admin' }),
        400,
        'invalid_role',
      );
      await expectError(
        await patchMember(owner.access_token, operator.id, { email: 'x@example.com' }),
        400,
        'invalid_json',
      );
      await expectError(
        await patchMember(owner.access_token, owner_id, { role: 'viewer' }),
        403,
        'forbidden',
      );
      await expectError(
        await patchMember(operator.session.access_token, members.viewer!.id, {
          status: 'disabled',
        }),
        403,
        'owner_required',
      );
      await expectError(
        await patchMember(owner.access_token, '00000000-0000-4000-8000-000000000000', {
          status: 'disabled',
        }),
        404,
        'not_found',
      );
      const listing = await client.json<{ members: { role: string; status: string }[] }>(
        await client.request('GET', '/v1/members', { token: owner.access_token }),
      );
      expect(listing.members.map((m) => [m.role, m.status])).toEqual([
        ['owner', 'active'],
        ['operator', 'active'],
        ['viewer', 'active'],
      ]);
      expect(
        (await client.request('GET', '/v1/me', { token: operator.session.access_token })).status,
      ).toBe(200);
    });
  });
});
