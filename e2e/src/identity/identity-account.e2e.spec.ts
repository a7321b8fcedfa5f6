import {
  identityClient,
  expectError,
  uniqueEmail,
  TEST_PASSWORD,
  type IdentityClient,
  type TestSession,
} from '../clients';
import { startPlatform, type E2ePlatform } from '../harness';

const NEW_PASSWORD = 'a brand new password';

describe('identity: account settings, password change, reset link, email change', () => {
  let platform: E2ePlatform;
  let client: IdentityClient;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'account', live: true });
    client = identityClient(platform.environments.test);
  });
  afterAll(async () => platform.close());

  const get = (route: string, token: string) => client.request('GET', route, { token });

  describe('branding, services, integration status', () => {
    it('serves the organization branding with its timezone to every role', async () => {
      const { members } = await client.companyWithMembers(['viewer']);
      const response = await get('/v1/branding', members.viewer!.session.access_token);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        name: 'Demo',
        slug: 'demo',
        timezone: 'America/New_York',
        default_locale: 'en',
        logo_url: null,
        colors: {},
      });
    });

    it('lists the services with their flags', async () => {
      const person = await client.registerAndConfirm(uniqueEmail('services'));
      const { services } = await client.json<{ services: Record<string, unknown>[] }>(
        await get('/v1/services', person.access_token),
      );
      expect(services).toContainEqual({ name: 'payins', enabled: true, disabled_reason: null });
      expect(services).toContainEqual({
        name: 'members',
        enabled: false,
        disabled_reason: 'company_only',
      });
    });

    it('reports integration eligibility, which an API key completes', async () => {
      const person = await client.registerAndConfirm(uniqueEmail('integration'));
      const before = await client.json(await get('/v1/integration-status', person.access_token));
      expect(before).toMatchObject({
        account_id: person.account!.id,
        livemode: false,
        kyc_status: 'approved',
        api_keys_count: 0,
        missing: ['api_key_issued'],
        eligible: false,
      });
      const api_key = await client.issueApiKey(person.access_token);
      const after = await client.request('GET', '/v1/integration-status', {
        headers: { 'x-api-key': api_key },
      });
      expect(await after.json()).toMatchObject({ api_keys_count: 1, missing: [], eligible: true });
    });
  });

  describe('GET /v1/sandbox/mailbox', () => {
    it('serves the caller its messages, newest first and paginated', async () => {
      const email = uniqueEmail('mailbox');
      const session = await client.registerAndConfirm(email);
      await client.request('POST', '/v1/auth/password/forgot', { body: { org: 'demo', email } });
      const other = await client.registerAndConfirm(uniqueEmail('mailbox-other'));
      const page = await client.json<{ page: number; page_size: number; messages: any[] }>(
        await get('/v1/sandbox/mailbox?page_size=1', session.access_token),
      );
      expect(page).toMatchObject({ page: 1, page_size: 1 });
      expect(page.messages).toHaveLength(1);
      expect(page.messages[0]).toMatchObject({
        recipient: email,
        subject: 'Your password reset code',
      });
      const second = await client.json<{ messages: any[] }>(
        await get('/v1/sandbox/mailbox?page=2&page_size=1', session.access_token),
      );
      expect(second.messages[0].subject).toMatch(/verification code/);
      const others = await client.json<{ messages: { recipient: string }[] }>(
        await get('/v1/sandbox/mailbox', other.access_token),
      );
      expect(others.messages.every((message) => message.recipient !== email)).toBe(true);
    });

    it("shows a member its own messages, the new email's code included; live answers 404", async () => {
      const { owner, owner_email, members } = await client.companyWithMembers(['viewer']);
      const viewer = members.viewer!;
      const new_email = uniqueEmail('viewer-new');
      await client.request('POST', '/v1/auth/password/forgot', {
        body: { org: 'demo', email: viewer.email },
      });
      await client.withSecondFactor(viewer.session.access_token);
      await client.request('POST', '/v1/me/email/change', {
        token: viewer.session.access_token,
        body: { new_email },
      });
      const own = await client.json<{ messages: { recipient: string; subject: string }[] }>(
        await get('/v1/sandbox/mailbox', viewer.session.access_token),
      );
      expect(own.messages.map((m) => [m.recipient, m.subject])).toEqual([
        [new_email, 'Confirm your new email address'],
        [viewer.email, expect.stringMatching(/your one-time code$/)],
        [viewer.email, 'Your password reset code'],
      ]);
      const owners = await client.json<{ messages: { recipient: string }[] }>(
        await get('/v1/sandbox/mailbox', owner.access_token),
      );
      expect(owners.messages.map((m) => m.recipient)).toEqual([owner_email]);
      const api_key = await client.issueApiKey(owner.access_token);
      const account_wide = await client.json<{ messages: { recipient: string }[] }>(
        await client.request('GET', '/v1/sandbox/mailbox', { headers: { 'x-api-key': api_key } }),
      );
      expect(new Set(account_wide.messages.map((m) => m.recipient))).toEqual(
        new Set([owner_email, viewer.email, new_email]),
      );

      const live = identityClient(platform.environments.live);
      const email = uniqueEmail('live');
      expect((await live.register(email)).status).toBe(201);
      const code = /\b(\d{6})\b/.exec((await live.mailboxFor(email))[0]?.body ?? '')?.[1];
      const confirmed = await live.request('POST', '/v1/auth/register/confirm', {
        body: { org: 'demo', email, code },
      });
      const { access_token } = await live.json<TestSession>(confirmed);
      await expectError(
        await live.request('GET', '/v1/sandbox/mailbox', { token: access_token }),
        404,
        'not_found',
      );
    });
  });

  describe('POST /v1/me/password', () => {
    const change = (token: string, body: unknown) =>
      client.request('POST', '/v1/me/password', { token, body });

    it('changes the password and ends every other session of the member', async () => {
      const email = uniqueEmail('change');
      const first = await client.registerAndConfirm(email);
      const second = await client.loginSession(email);
      const changed = await change(first.access_token, {
        current_password: TEST_PASSWORD,
        new_password: NEW_PASSWORD,
      });
      expect(changed.status).toBe(200);
      expect(await changed.json()).toEqual({ status: 'password_changed' });
      expect((await get('/v1/me', first.access_token)).status).toBe(200);
      await expectError(await get('/v1/me', second.access_token), 401, 'unauthorized');
      await expectError(await client.login(email), 401, 'invalid_credentials');
      expect((await client.login(email, NEW_PASSWORD)).status).toBe(200);
    });

    it('records password and email changes among the security events', async () => {
      const session = await client.registerAndConfirm(uniqueEmail('events'));
      const token = session.access_token;
      const changed = await change(token, {
        current_password: TEST_PASSWORD,
        new_password: NEW_PASSWORD,
      });
      expect(changed.status).toBe(200);
      await client.withSecondFactor(token);
      const post = (route: string, body: unknown) => client.request('POST', route, { token, body });
      const new_email = uniqueEmail('events-new');
      expect((await post('/v1/me/email/change', { new_email })).status).toBe(200);
      expect((await post('/v1/me/email/verify', { code: '000000' })).status).toBe(200);
      const { events } = await client.json<{ events: { type: string }[] }>(
        await get('/v1/me/security/events', token),
      );
      expect(events.map((event) => event.type)).toEqual(
        expect.arrayContaining(['email_changed', 'password_changed', 'login']),
      );
    });

    it('answers a wrong current password and a weak new one, changing nothing', async () => {
      const email = uniqueEmail('change-bad');
      const session = await client.registerAndConfirm(email);
      await expectError(
        await change(session.access_token, {
          current_password: 'wrong one',
          new_password: NEW_PASSWORD,
        }),
        401,
        'invalid_credentials',
      );
      await expectError(
        await change(session.access_token, {
          current_password: TEST_PASSWORD,
          new_password: 'short',
        }),
        400,
        'weak_password',
      );
      expect((await client.login(email)).status).toBe(200);
    });

    it('is open to viewers for their own password', async () => {
      const { members } = await client.companyWithMembers(['viewer']);
      const viewer = members.viewer!;
      const changed = await change(viewer.session.access_token, {
        current_password: TEST_PASSWORD,
        new_password: NEW_PASSWORD,
      });
      expect(changed.status).toBe(200);
      expect((await client.login(viewer.email, NEW_PASSWORD)).status).toBe(200);
    });
  });

  describe('POST /v1/auth/password/reset-link', () => {
    const linkTokenFor = async (email: string): Promise<string> => {
      const [latest] = await client.mailboxFor(email);
      const token = /\b(rl_[A-Za-z0-9_-]+)/.exec(latest?.body ?? '')?.[1];
      if (!token) throw new Error(`no reset link mailed to ${email}`);
      return token;
    };
    const resetLink = (token: string, new_password = NEW_PASSWORD, org = 'demo') =>
      client.request('POST', '/v1/auth/password/reset-link', {
        body: { org, token, new_password },
      });

    it('resets once with the mailed link and signs every session out', async () => {
      const email = uniqueEmail('link');
      const session = await client.registerAndConfirm(email);
      await client.request('POST', '/v1/auth/password/forgot', { body: { org: 'demo', email } });
      const token = await linkTokenFor(email);
      await expectError(await resetLink(token, 'short'), 400, 'weak_password');
      await expectError(await resetLink(token, NEW_PASSWORD, 'no-such-org'), 401, 'invalid_code');
      const reset = await resetLink(token);
      expect(reset.status).toBe(200);
      expect(await reset.json()).toEqual({ status: 'password_reset' });
      await expectError(await get('/v1/me', session.access_token), 401, 'unauthorized');
      expect((await client.login(email, NEW_PASSWORD)).status).toBe(200);
      await expectError(await resetLink(token, 'a third password'), 401, 'invalid_code');
      expect((await client.login(email, NEW_PASSWORD)).status).toBe(200);
    });

    it('confirms a pending registration, and a newer link retires the older one', async () => {
      const email = uniqueEmail('link-pending');
      expect((await client.register(email)).status).toBe(201);
      await expectError(await client.login(email), 401, 'invalid_credentials');
      await client.request('POST', '/v1/auth/password/forgot', { body: { org: 'demo', email } });
      const older = await linkTokenFor(email);
      await client.request('POST', '/v1/auth/password/forgot', { body: { org: 'demo', email } });
      const newer = await linkTokenFor(email);
      await expectError(await resetLink(older), 401, 'invalid_code');
      expect((await resetLink(newer)).status).toBe(200);
      const session = await client.loginSession(email, NEW_PASSWORD);
      expect(await client.json(await get('/v1/me', session.access_token))).toMatchObject({
        status: 'active',
        kyc_status: 'approved',
      });
    });

    it('refuses a made-up token', async () => {
      await expectError(await resetLink('rl_made-up'), 401, 'invalid_code');
      await expectError(await resetLink('anything'), 401, 'invalid_code');
    });
  });

  describe('email change', () => {
    // Starting a change needs a session with 2FA (a step-up action): each call steps up first.
    const requestChange = async (token: string, new_email: string) => {
      await client.withSecondFactor(token);
      return client.request('POST', '/v1/me/email/change', { token, body: { new_email } });
    };
    const verify = (token: string, code: string) =>
      client.request('POST', '/v1/me/email/verify', { token, body: { code } });

    it('mails a code to the new address; verifying it moves sign-in and profile email', async () => {
      const old_email = uniqueEmail('old');
      const new_email = uniqueEmail('new');
      const session = await client.registerAndConfirm(old_email);
      const started = await requestChange(session.access_token, new_email.toUpperCase());
      expect(started.status).toBe(200);
      expect(await started.json()).toEqual({
        status: 'verification_sent',
        new_email,
        expires_at: expect.any(String),
      });
      const code = /\b(\d{6})\b/.exec((await client.mailboxFor(new_email))[0]?.body ?? '')?.[1];
      expect(code).toBeDefined();
      await expectError(
        await verify(session.access_token, code === '111111' ? '222222' : '111111'),
        401,
        'invalid_code',
      );
      const verified = await verify(session.access_token, code!);
      expect(await verified.json()).toEqual({ status: 'email_changed', email: new_email });
      expect(await client.json(await get('/v1/me', session.access_token))).toMatchObject({
        email: new_email,
      });
      expect((await client.login(new_email)).status).toBe(200);
      await expectError(await client.login(old_email), 401, 'invalid_credentials');
      expect((await client.mailboxFor(old_email))[0]?.subject).toBe(
        'Your email address was changed',
      );
      await expectError(await verify(session.access_token, '000000'), 409, 'already_verified');
    });

    it('answers same_email, duplicate and invalid_email, changing nothing', async () => {
      const email = uniqueEmail('same');
      const taken = uniqueEmail('taken');
      const session = await client.registerAndConfirm(email);
      await client.registerAndConfirm(taken);
      await expectError(
        await requestChange(session.access_token, email.toUpperCase()),
        400,
        'same_email',
      );
      await expectError(await requestChange(session.access_token, taken), 409, 'duplicate');
      await expectError(await requestChange(session.access_token, 'nope'), 400, 'invalid_email');
      await expectError(await verify(session.access_token, '000000'), 409, 'already_verified');
      expect((await client.login(email)).status).toBe(200);
    });

    it('accepts 000000 in the test environment and lets a member change its own email', async () => {
      const { owner, owner_email, members } = await client.companyWithMembers(['operator']);
      const operator = members.operator!;
      const new_email = uniqueEmail('member-new');
      expect((await requestChange(operator.session.access_token, new_email)).status).toBe(200);
      expect((await verify(operator.session.access_token, '000000')).status).toBe(200);
      expect((await client.login(new_email)).status).toBe(200);
      // A member's change leaves the account's email, the owner's, as it was.
      expect(await client.json(await get('/v1/me', owner.access_token))).toMatchObject({
        email: owner_email,
      });
    });
  });

  it('documents the account routes in the OpenAPI document', async () => {
    const document = await client.json<{ paths: Record<string, Record<string, unknown>> }>(
      await client.request('GET', '/openapi.json'),
    );
    for (const [route, method] of [
      ['/v1/branding', 'get'],
      ['/v1/services', 'get'],
      ['/v1/integration-status', 'get'],
      ['/v1/sandbox/mailbox', 'get'],
      ['/v1/me/password', 'post'],
      ['/v1/auth/password/reset-link', 'post'],
      ['/v1/me/email/change', 'post'],
      ['/v1/me/email/verify', 'post'],
      ['/v1/members/{id}', 'patch'],
      ['/v1/org/accounts', 'get'],
    ] as const) {
      expect(document.paths[route]?.[method]).toMatchObject({ description: expect.any(String) });
    }
  });

  describe('KYC back-fill', () => {
    it('fills display_name, tax_id and country from the verified identity, then locks them', async () => {
      const session = await client.registerAndConfirm(uniqueEmail('kyc'), {
        display_name: 'Countess',
        country: undefined,
        profile: { first_name: 'Ada', last_name: 'Lovelace', tax_id: 'GB-123', country: 'GB' },
      });
      expect(session.account).toMatchObject({
        display_name: 'Ada Lovelace',
        tax_id: 'GB-123',
        country: 'GB',
        kyc_status: 'approved',
      });
      for (const changes of [{ display_name: 'Countess' }, { tax_id: 'X' }, { country: 'US' }]) {
        await expectError(
          await client.request('PATCH', '/v1/me', { token: session.access_token, body: changes }),
          409,
          'identity_locked',
        );
      }
      expect(await client.json(await get('/v1/me', session.access_token))).toMatchObject({
        display_name: 'Ada Lovelace',
        tax_id: 'GB-123',
        country: 'GB',
      });
    });

    it('names a company by its legal name', async () => {
      const session = await client.registerAndConfirm(uniqueEmail('kyb'), {
        type: 'company',
        display_name: 'Acme',
        profile: { legal_name: 'Acme Holdings LLC' },
      });
      expect(session.account).toMatchObject({ display_name: 'Acme Holdings LLC', country: 'US' });
    });
  });
});
