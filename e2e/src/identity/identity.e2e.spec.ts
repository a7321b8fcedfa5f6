import { startPlatform, type E2ePlatform } from '../harness';
import {
  identityClient,
  inlineSchemaRefs,
  registration as registrationOf,
  TEST_PASSWORD as PASSWORD,
  uniqueEmail,
  type IdentityClient,
  type TestSession as Session,
} from '../clients';

describe('identity: registration, sessions and the credential guard', () => {
  let platform: E2ePlatform;
  let base_url: string;
  let client: IdentityClient;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'ident', live: true });
    base_url = platform.environments.test.base_url;
    client = identityClient(platform.environments.test);
  });
  afterAll(async () => platform.close());

  const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
    client.post(route, body, headers);

  const registration = (email: string, overrides: Record<string, unknown> = {}) =>
    registrationOf(email, { locale: 'en', ...overrides });

  const mailboxFor = (email: string) => client.mailboxFor(email);

  const latestCode = async (email: string): Promise<string> => {
    const code = await client.latestCode(email);
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  };

  const registerAndConfirm = (email: string) => client.registerAndConfirm(email, { locale: 'en' });

  const login = (email: string, password = PASSWORD) => client.login(email, password);

  const me = (headers: Record<string, string>) => client.request('GET', '/v1/me', { headers });

  describe('register', () => {
    it('answers a new and a duplicate email with the same 201 body, mailing a code to the first', async () => {
      const email = uniqueEmail('dup');
      const first = await post('/v1/auth/register', registration(email));
      const second = await post(
        '/v1/auth/register',
        registration(email, { password: 'another password' }),
      );
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      const first_body: unknown = await first.json();
      expect(first_body).toEqual({ status: 'pending_verification', note: expect.any(String) });
      expect(await second.json()).toEqual(first_body);
      expect(await latestCode(email)).toMatch(/^\d{6}$/);
    });

    it('answers a duplicate of a confirmed account identically and mails a notice, not a code', async () => {
      const email = uniqueEmail('taken');
      await registerAndConfirm(email);
      const response = await post('/v1/auth/register', registration(email.toUpperCase()));
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({
        status: 'pending_verification',
        note: expect.any(String),
      });
      const [notice] = await mailboxFor(email);
      expect(notice?.body).not.toMatch(/\b\d{6}\b/);
    });

    it.each([
      ['unknown_org', { org: 'no-such-org' }],
      ['invalid_type', { type: 'robot' }],
      ['invalid_type', { type: undefined }],
      ['invalid_email', { email: 'not-an-email' }],
      ['weak_password', { password: 'short' }],
      ['invalid_display_name', { display_name: '   ' }],
      ['invalid_locale', { locale: 'fr' }],
      ['invalid_country', { country: 'usa' }],
      ['invalid_phone', { phone: '12345' }],
      ['invalid_json', { surprise: true }],
    ])('answers 400 %s for %j', async (code, overrides) => {
      const response = await post('/v1/auth/register', registration(uniqueEmail('bad'), overrides));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: code,
        message: expect.any(String),
        request_id: expect.any(String),
      });
    });

    it('stores an empty locale as en', async () => {
      const email = uniqueEmail('locale');
      expect((await post('/v1/auth/register', registration(email, { locale: '' }))).status).toBe(
        201,
      );
      const session = (await (
        await post('/v1/auth/register/confirm', { org: 'demo', email, code: '000000' })
      ).json()) as Session;
      expect(session.account).toMatchObject({ locale: 'en' });
    });
  });

  describe('register confirm', () => {
    it('refuses a wrong code with 401 invalid_code and accepts the mailed one', async () => {
      const email = uniqueEmail('confirm');
      await post('/v1/auth/register', registration(email));
      const code = await latestCode(email);
      const wrong = code === '111111' ? '222222' : '111111';
      const refused = await post('/v1/auth/register/confirm', { org: 'demo', email, code: wrong });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({
        error: 'invalid_code',
        message: expect.any(String),
        request_id: expect.any(String),
      });

      const response = await post('/v1/auth/register/confirm', { org: 'demo', email, code });
      expect(response.status).toBe(200);
      const session = (await response.json()) as Session;
      expect(session).toMatchObject({
        access_token: expect.any(String),
        refresh_token: expect.stringMatching(/^rt_/),
        role: 'owner',
        account: {
          id: expect.any(String),
          type: 'person',
          email,
          display_name: 'Ada Lovelace',
          country: 'US',
          locale: 'en',
          status: 'active',
          kyc_status: 'approved',
        },
      });
      expect(session.account_id).toBeUndefined();
      const lifetime_ms = Date.parse(session.expires_at) - Date.now();
      expect(lifetime_ms).toBeGreaterThan(23 * 3600_000);
      expect(lifetime_ms).toBeLessThanOrEqual(24 * 3600_000);

      const again = await post('/v1/auth/register/confirm', { org: 'demo', email, code });
      expect(again.status).toBe(401);
    });

    it('refuses 000000 in the live environment', async () => {
      const live = platform.environments.live.base_url;
      const email = uniqueEmail('live');
      const register = await fetch(`${live}/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(registration(email)),
      });
      expect(register.status).toBe(201);
      const confirm = await fetch(`${live}/v1/auth/register/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ org: 'demo', email, code: '000000' }),
      });
      expect(confirm.status).toBe(401);
    });
  });

  describe('login', () => {
    it('signs a confirmed member in with any case of the email', async () => {
      const email = uniqueEmail('login');
      const confirmed = await registerAndConfirm(email);
      const response = await login(email.toUpperCase());
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        access_token: expect.any(String),
        refresh_token: expect.stringMatching(/^rt_/),
        account_id: confirmed.account?.id,
        role: 'owner',
      });
    });

    it('serves many concurrent logins of one member (the throttle lock must not starve the pool)', async () => {
      const email = uniqueEmail('concurrent');
      await registerAndConfirm(email);
      const responses = await Promise.all(Array.from({ length: 24 }, () => login(email)));
      expect(responses.map((response) => response.status)).toEqual(Array(24).fill(200));
    });

    it('answers a wrong password, an unknown email and a pending registration with the same 401', async () => {
      const confirmed = uniqueEmail('wrong');
      await registerAndConfirm(confirmed);
      const pending = uniqueEmail('pending');
      await post('/v1/auth/register', registration(pending));
      for (const response of [
        await login(confirmed, 'wrong password'),
        await login(uniqueEmail('nobody')),
        await login(pending),
        await post('/v1/auth/login', { org: 'no-such-org', email: confirmed, password: PASSWORD }),
      ]) {
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({
          error: 'invalid_credentials',
          message: 'the email or password is wrong',
          request_id: expect.any(String),
        });
      }
    });

    it('refuses even the right password after 8 failures within the window, for that email only', async () => {
      const email = uniqueEmail('throttle');
      const neighbour = uniqueEmail('neighbour');
      await registerAndConfirm(email);
      await registerAndConfirm(neighbour);
      for (let attempt = 0; attempt < 8; attempt++)
        expect((await login(email, `wrong ${attempt}`)).status).toBe(401);
      const throttled = await login(email.toUpperCase());
      expect(throttled.status).toBe(401);
      expect(await throttled.json()).toMatchObject({ error: 'invalid_credentials' });
      expect((await login(neighbour)).status).toBe(200);
    });
  });

  describe('refresh', () => {
    const refresh = (refresh_token: string) => post('/v1/auth/refresh', { refresh_token });

    it('rotates: each token works once and answers a new pair', async () => {
      const session = await registerAndConfirm(uniqueEmail('rotate'));
      const response = await refresh(session.refresh_token);
      expect(response.status).toBe(200);
      const next = (await response.json()) as Session;
      expect(next.refresh_token).toMatch(/^rt_/);
      expect(next.refresh_token).not.toBe(session.refresh_token);
      expect(next.account_id).toBe(session.account?.id);
      expect((await me({ authorization: `Bearer ${next.access_token}` })).status).toBe(200);
      // The exchange revoked the access token it replaced.
      expect((await me({ authorization: `Bearer ${session.access_token}` })).status).toBe(401);
      expect((await refresh(next.refresh_token)).status).toBe(200);
    });

    // Replays and races: identity-refresh.int.spec.ts.
    it('answers anything else with 401 invalid_refresh_token', async () => {
      for (const token of ['rt_unknown', 'not-a-refresh-token']) {
        const response = await refresh(token);
        expect(response.status).toBe(401);
        expect(await response.json()).toMatchObject({ error: 'invalid_refresh_token' });
      }
    });
  });

  describe('the credential guard and GET /v1/me', () => {
    it('serves the profile to the session JWT, in Authorization or X-API-Key', async () => {
      const email = uniqueEmail('me');
      const session = await registerAndConfirm(email);
      const credentials: Record<string, string>[] = [
        { authorization: `Bearer ${session.access_token}` },
        { 'x-api-key': session.access_token },
      ];
      for (const headers of credentials) {
        const response = await me(headers);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({
          id: session.account?.id,
          type: 'person',
          display_name: 'Ada Lovelace',
          email,
          tax_id: null,
          phone: null,
          country: 'US',
          locale: 'en',
          status: 'active',
          kyc_status: 'approved',
          created_at: expect.any(String),
        });
      }
    });

    it('answers 401 unauthorized without a credential or with a bad one', async () => {
      const session = await registerAndConfirm(uniqueEmail('bad-jwt'));
      const [header, payload] = session.access_token.split('.');
      const credentials: Record<string, string>[] = [
        {},
        { authorization: 'Bearer nonsense' },
        { authorization: `Bearer ${header}.${payload}.c2lnbmF0dXJl` },
        { authorization: `Basic ${session.access_token}` },
      ];
      for (const headers of credentials) {
        const response = await me(headers);
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({
          error: 'unauthorized',
          message: expect.any(String),
          request_id: expect.any(String),
        });
      }
    });

    it('refuses a test-environment session in the live environment', async () => {
      const session = await registerAndConfirm(uniqueEmail('cross-env'));
      const response = await fetch(`${platform.environments.live.base_url}/v1/me`, {
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect(response.status).toBe(401);
    });

    it('leaves the routes outside /v1 as they were', async () => {
      expect((await fetch(`${base_url}/healthz`)).status).toBe(200);
      const openapi = await fetch(`${base_url}/openapi.json`);
      expect(openapi.status).toBe(200);
      const document = (await openapi.json()) as {
        paths: Record<string, Record<string, { security?: unknown[]; requestBody?: unknown }>>;
      };
      expect(document.paths['/v1/auth/register']?.post?.requestBody).toBeDefined();
      // A public route says it needs no credential.
      expect(document.paths['/v1/auth/register']?.post?.security).toEqual([]);
      expect(document.paths['/v1/me']?.get?.security).toEqual(
        expect.arrayContaining([{ bearer: [] }, { api_key: [] }]),
      );
      expect((await fetch(`${base_url}/admin/v1/organizations`)).status).toBe(401);
      const admin = await fetch(`${base_url}/admin/v1/organizations`, {
        headers: { authorization: `Bearer ${platform.environments.test.operator_token}` },
      });
      expect(admin.status).toBe(200);
      expect((await fetch(`${base_url}/v1/nothing-here`)).status).toBe(404);
    });
  });
  describe('API keys', () => {
    const withSession = (session: Session, init: RequestInit = {}) => ({
      ...init,
      headers: {
        authorization: `Bearer ${session.access_token}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
    });
    const issue = (session: Session, label: unknown = 'payroll') =>
      fetch(
        `${base_url}/v1/api-keys`,
        withSession(session, { method: 'POST', body: JSON.stringify({ label }) }),
      );

    it('issues a pk_test_ key shown once, which then authenticates as the account', async () => {
      const session = await registerAndConfirm(uniqueEmail('keys'));
      const response = await issue(session);
      expect(response.status).toBe(201);
      const issued = (await response.json()) as {
        api_key_id: string;
        key_id: string;
        token: string;
      };
      expect(issued).toEqual({
        api_key_id: expect.any(String),
        key_id: expect.any(String),
        token: expect.stringMatching(new RegExp(`^pk_test_${issued.key_id}\\.`)),
        note: expect.any(String),
      });
      const credentials: Record<string, string>[] = [
        { authorization: `Bearer ${issued.token}` },
        { 'x-api-key': issued.token },
      ];
      for (const headers of credentials) {
        const profile = await me(headers);
        expect(profile.status).toBe(200);
        expect(await profile.json()).toMatchObject({ id: session.account?.id });
      }
      const listing = await fetch(`${base_url}/v1/api-keys`, withSession(session));
      expect(listing.status).toBe(200);
      expect(await listing.json()).toEqual({
        page: 1,
        page_size: 20,
        has_more: false,
        api_keys: [
          {
            api_key_id: issued.api_key_id,
            key_id: issued.key_id,
            label: 'payroll',
            created_at: expect.any(String),
            last_used_at: expect.any(String),
          },
        ],
      });
    });

    it('refuses a key in the other environment and a key that does not exist', async () => {
      const session = await registerAndConfirm(uniqueEmail('keys-env'));
      const { token } = (await (await issue(session)).json()) as { token: string };
      const live = await fetch(`${platform.environments.live.base_url}/v1/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(live.status).toBe(401);
      expect(await live.json()).toMatchObject({ error: 'unauthorized' });
      const live_shaped = token.replace('pk_test_', 'pk_');
      const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
      for (const candidate of [live_shaped, forged, 'pk_test_0123456789abcdef.nope']) {
        const response = await me({ 'x-api-key': candidate });
        expect(response.status).toBe(401);
        expect(await response.json()).toMatchObject({ error: 'unauthorized' });
      }
    });

    it('revokes a key of its own account only; a revoked key no longer authenticates', async () => {
      const owner = await registerAndConfirm(uniqueEmail('keys-owner'));
      const stranger = await registerAndConfirm(uniqueEmail('keys-stranger'));
      const issued = (await (await issue(owner)).json()) as { api_key_id: string; token: string };
      const path = `${base_url}/v1/api-keys/${issued.api_key_id}`;
      const foreign = await fetch(path, withSession(stranger, { method: 'DELETE' }));
      expect(foreign.status).toBe(404);
      expect((await me({ 'x-api-key': issued.token })).status).toBe(200);

      const revoked = await fetch(path, withSession(owner, { method: 'DELETE' }));
      expect(revoked.status).toBe(200);
      expect(await revoked.json()).toEqual({ api_key_id: issued.api_key_id, status: 'revoked' });
      expect((await me({ 'x-api-key': issued.token })).status).toBe(401);
      expect((await fetch(path, withSession(owner, { method: 'DELETE' }))).status).toBe(404);
      const listing = (await (
        await fetch(`${base_url}/v1/api-keys`, withSession(owner))
      ).json()) as {
        api_keys: unknown[];
      };
      expect(listing.api_keys).toEqual([]);
    });

    it('answers 400 invalid_label for a missing or over-long label, and 401 without a credential', async () => {
      const session = await registerAndConfirm(uniqueEmail('keys-label'));
      for (const label of ['', 'x'.repeat(61)]) {
        const response = await issue(session, label);
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ error: 'invalid_label' });
      }
      const anonymous = await post('/v1/api-keys', { label: 'x' });
      expect(anonymous.status).toBe(401);
    });
  });
  describe('signing out', () => {
    const sessionIdOf = (access_token: string): string => {
      const payload = access_token.split('.')[1] ?? '';
      return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sid: string })
        .sid;
    };
    const bearer = (session: Session) => ({ authorization: `Bearer ${session.access_token}` });

    it('signs out one session of its own: its tokens stop working, others keep going', async () => {
      const email = uniqueEmail('signout');
      const first = await registerAndConfirm(email);
      const second = (await (await login(email)).json()) as Session;
      const stranger = await registerAndConfirm(uniqueEmail('signout-stranger'));
      const path = (session: Session) =>
        `${base_url}/v1/me/sessions/${sessionIdOf(session.access_token)}`;

      const foreign = await fetch(path(first), { method: 'DELETE', headers: bearer(stranger) });
      expect(foreign.status).toBe(404);
      expect((await me(bearer(first))).status).toBe(200);

      const response = await fetch(path(first), { method: 'DELETE', headers: bearer(second) });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        session_id: sessionIdOf(first.access_token),
        status: 'revoked',
      });
      expect((await me(bearer(first))).status).toBe(401);
      expect((await post('/v1/auth/refresh', { refresh_token: first.refresh_token })).status).toBe(
        401,
      );
      expect((await me(bearer(second))).status).toBe(200);
    });

    it('revokes every session of the member at once', async () => {
      const email = uniqueEmail('revoke-all');
      const first = await registerAndConfirm(email);
      const second = (await (await login(email)).json()) as Session;
      const response = await fetch(`${base_url}/v1/me/sessions/revoke-all`, {
        method: 'POST',
        headers: bearer(first),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ revoked: 2 });
      for (const session of [first, second]) {
        expect((await me(bearer(session))).status).toBe(401);
        const refreshed = await post('/v1/auth/refresh', { refresh_token: session.refresh_token });
        expect(refreshed.status).toBe(401);
      }
      expect((await login(email)).status).toBe(200);
    });
  });
  describe('PATCH /v1/me', () => {
    const patch = (session: Session, body: unknown) =>
      fetch(`${base_url}/v1/me`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${session.access_token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });

    it('changes the editable fields, locks the verified ones of an approved account', async () => {
      const session = await registerAndConfirm(uniqueEmail('patch'));
      const changed = await patch(session, { phone: '+14155550100', locale: '' });
      expect(changed.status).toBe(200);
      expect(await changed.json()).toMatchObject({ phone: '+14155550100', locale: 'en' });
      const locked = await patch(session, { display_name: 'Someone Else' });
      expect(locked.status).toBe(409);
      expect(await locked.json()).toMatchObject({ error: 'identity_locked' });
      const profile = (await (
        await me({ authorization: `Bearer ${session.access_token}` })
      ).json()) as Record<string, unknown>;
      expect(profile).toMatchObject({ display_name: 'Ada Lovelace', phone: '+14155550100' });
    });

    it('answers 400 invalid_locale, and invalid_json for a field it does not accept', async () => {
      const session = await registerAndConfirm(uniqueEmail('patch-bad'));
      const bad_locale = await patch(session, { locale: 'de' });
      expect(bad_locale.status).toBe(400);
      expect(await bad_locale.json()).toMatchObject({ error: 'invalid_locale' });
      const email_change = await patch(session, { email: 'x@example.com' });
      expect(email_change.status).toBe(400);
      expect(await email_change.json()).toMatchObject({ error: 'invalid_json' });
    });
  });
  describe('password recovery', () => {
    const forgot = (email: string, org = 'demo') =>
      post('/v1/auth/password/forgot', { org, email });
    const reset = (email: string, code: string, new_password = 'a brand new password') =>
      post('/v1/auth/password/reset', { org: 'demo', email, code, new_password });

    it('answers forgot identically whether or not the email has an account', async () => {
      const email = uniqueEmail('forgot');
      await registerAndConfirm(email);
      const bodies = [];
      for (const response of [
        await forgot(email),
        await forgot(uniqueEmail('nobody')),
        await forgot(email, 'no-such-org'),
      ]) {
        expect(response.status).toBe(200);
        bodies.push(await response.json());
      }
      expect(bodies[1]).toEqual(bodies[0]);
      expect(bodies[2]).toEqual(bodies[0]);
    });

    it('resets with the mailed code: the new password works, every session is signed out', async () => {
      const email = uniqueEmail('reset');
      const session = await registerAndConfirm(email);
      await forgot(email);
      const code = await latestCode(email);
      const wrong = await reset(email, code === '111111' ? '222222' : '111111');
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toMatchObject({ error: 'invalid_code' });
      const weak = await reset(email, code, 'short');
      expect(weak.status).toBe(400);
      expect(await weak.json()).toMatchObject({ error: 'weak_password' });

      const response = await reset(email, code);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'password_reset' });
      expect((await me({ authorization: `Bearer ${session.access_token}` })).status).toBe(401);
      expect((await login(email)).status).toBe(401);
      const fresh = await login(email, 'a brand new password');
      expect(fresh.status).toBe(200);
      expect((await reset(email, code)).status).toBe(401);
    });

    it('verifies the email of a pending registration', async () => {
      const email = uniqueEmail('reset-pending');
      await post('/v1/auth/register', registration(email));
      await forgot(email);
      expect((await reset(email, await latestCode(email))).status).toBe(200);
      const session = (await (await login(email, 'a brand new password')).json()) as Session;
      const profile = (await (
        await me({ authorization: `Bearer ${session.access_token}` })
      ).json()) as Record<string, unknown>;
      expect(profile).toMatchObject({ status: 'active', kyc_status: 'approved' });
    });

    it('sends at most 5 codes an hour and allows 8 wrong codes per 15 minutes', async () => {
      const email = uniqueEmail('reset-limits');
      await registerAndConfirm(email);
      for (let request = 0; request < 6; request++) expect((await forgot(email)).status).toBe(200);
      const codes = (await mailboxFor(email)).filter((message) =>
        /reset code is \d{6}/.test(message.body),
      );
      expect(codes).toHaveLength(5);
      const code = await latestCode(email);
      const wrong = code === '111111' ? '222222' : '111111';
      for (let attempt = 0; attempt < 8; attempt++)
        expect((await reset(email, wrong)).status).toBe(401);
      const throttled = await reset(email, code);
      expect(throttled.status).toBe(429);
      expect(await throttled.json()).toMatchObject({ error: 'too_many_attempts' });
    });
  });
  describe('members', () => {
    const bearer = (session: Session) => ({
      authorization: `Bearer ${session.access_token}`,
      'content-type': 'application/json',
    });
    const addMember = (session: Session, body: Record<string, unknown>) =>
      fetch(`${base_url}/v1/members`, {
        method: 'POST',
        headers: bearer(session),
        body: JSON.stringify({ password: PASSWORD, ...body }),
      });
    const registerCompany = async (email: string): Promise<Session> => {
      await post('/v1/auth/register', registration(email, { type: 'company' }));
      const response = await post('/v1/auth/register/confirm', {
        org: 'demo',
        email,
        code: '000000',
      });
      return (await response.json()) as Session;
    };

    it('is for company accounts only', async () => {
      const person = await registerAndConfirm(uniqueEmail('person'));
      const response = await addMember(person, { email: uniqueEmail('helper') });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: 'company_only' });
    });

    it('lets an owner add members who sign in at once with their role', async () => {
      const owner_email = uniqueEmail('company');
      const owner = await registerCompany(owner_email);
      const operator_email = uniqueEmail('operator');
      const created = await addMember(owner, { email: operator_email.toUpperCase() });
      expect(created.status).toBe(201);
      expect(await created.json()).toEqual({
        id: expect.any(String),
        email: operator_email,
        role: 'operator',
        status: 'active',
      });
      const viewer_email = uniqueEmail('viewer');
      expect((await addMember(owner, { email: viewer_email, role: 'viewer' })).status).toBe(201);

      const invalid = await addMember(owner, { email: uniqueEmail('x'), role: 'admin' });
      expect(invalid.status).toBe(400);
      expect(await invalid.json()).toMatchObject({ error: 'invalid_role' });
      const duplicate = await addMember(owner, { email: viewer_email });
      expect(duplicate.status).toBe(409);

      const operator_login = await login(operator_email);
      expect(operator_login.status).toBe(200);
      const operator = (await operator_login.json()) as Session;
      expect(operator).toMatchObject({ role: 'operator', account_id: owner.account?.id });
      const by_operator = await addMember(operator, { email: uniqueEmail('y') });
      expect(by_operator.status).toBe(403);
      expect(await by_operator.json()).toMatchObject({ error: 'owner_required' });
      const key_by_operator = await fetch(`${base_url}/v1/api-keys`, {
        method: 'POST',
        headers: bearer(operator),
        body: JSON.stringify({ label: 'nope' }),
      });
      expect(key_by_operator.status).toBe(403);

      const viewer = (await (await login(viewer_email)).json()) as Session;
      const viewer_write = await fetch(`${base_url}/v1/me`, {
        method: 'PATCH',
        headers: bearer(viewer),
        body: JSON.stringify({ phone: '+14155550100' }),
      });
      expect(viewer_write.status).toBe(403);
      expect(await viewer_write.json()).toMatchObject({ error: 'forbidden' });

      const listing = await fetch(`${base_url}/v1/members?page_size=10`, {
        headers: { authorization: `Bearer ${viewer.access_token}` },
      });
      expect(listing.status).toBe(200);
      expect(await listing.json()).toEqual({
        page: 1,
        page_size: 10,
        has_more: false,
        members: [
          { id: expect.any(String), email: owner_email, role: 'owner', status: 'active' },
          { id: expect.any(String), email: operator_email, role: 'operator', status: 'active' },
          { id: expect.any(String), email: viewer_email, role: 'viewer', status: 'active' },
        ],
      });
    });
  });

  describe('the OpenAPI document', () => {
    interface JsonSchema {
      type?: string;
      enum?: unknown[];
      anyOf?: JsonSchema[];
      properties?: Record<string, JsonSchema>;
    }
    interface Operation {
      responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
    }
    const answerOf = async () => {
      const document = inlineSchemaRefs(
        (await (await fetch(`${base_url}/openapi.json`)).json()) as {
          paths: Record<string, Record<string, Operation>>;
        },
      );
      return (route: string, method: string, status: number) =>
        document.paths[route]?.[method]?.responses?.[String(status)]?.content?.['application/json']
          ?.schema;
    };

    it("documents every identity route's success answer from the catalog's reply schemas", async () => {
      const answer = await answerOf();
      const routes: [string, string, number][] = [
        ['/v1/auth/register', 'post', 201],
        ['/v1/auth/register/confirm', 'post', 200],
        ['/v1/auth/login', 'post', 200],
        ['/v1/auth/login/otp', 'post', 200],
        ['/v1/auth/refresh', 'post', 200],
        ['/v1/auth/password/forgot', 'post', 200],
        ['/v1/auth/password/reset', 'post', 200],
        ['/v1/auth/password/reset-link', 'post', 200],
        ['/v1/auth/passkeys/login/begin', 'post', 200],
        ['/v1/auth/passkeys/login/finish', 'post', 200],
        ['/v1/auth/social/{provider}', 'post', 200],
        ['/v1/auth/environment-handoff', 'post', 201],
        ['/v1/auth/handoff', 'post', 200],
        ['/v1/me', 'get', 200],
        ['/v1/me', 'patch', 200],
        ['/v1/me/security/events', 'get', 200],
        ['/v1/me/sessions/{id}', 'delete', 200],
        ['/v1/me/sessions/revoke-all', 'post', 200],
        ['/v1/me/password', 'post', 200],
        ['/v1/me/email/change', 'post', 200],
        ['/v1/me/email/verify', 'post', 200],
        ['/v1/me/totp/enroll', 'post', 201],
        ['/v1/me/totp/confirm', 'post', 200],
        ['/v1/me/phone/verification', 'post', 200],
        ['/v1/me/phone/verification/confirm', 'post', 200],
        ['/v1/me/passkeys/register/begin', 'post', 200],
        ['/v1/me/passkeys/register/finish', 'post', 201],
        ['/v1/me/passkeys', 'get', 200],
        ['/v1/me/passkeys/{passkeyID}', 'delete', 200],
        ['/v1/me/identities', 'get', 200],
        ['/v1/me/identities/{provider}', 'post', 200],
        ['/v1/me/identities/{provider}', 'delete', 200],
        ['/v1/members', 'post', 201],
        ['/v1/members', 'get', 200],
        ['/v1/members/{id}', 'patch', 200],
        ['/v1/api-keys', 'post', 201],
        ['/v1/api-keys', 'get', 200],
        ['/v1/api-keys/{id}', 'delete', 200],
        ['/v1/otp/challenges', 'post', 201],
        ['/v1/otp/challenges/{id}/verify', 'post', 200],
        ['/v1/otp/preferences', 'get', 200],
        ['/v1/otp/preferences', 'put', 200],
        ['/v1/branding', 'get', 200],
        ['/v1/services', 'get', 200],
        ['/v1/integration-status', 'get', 200],
        ['/v1/sandbox/mailbox', 'get', 200],
        ['/v1/org/accounts', 'get', 200],
      ];
      const undocumented = routes.filter(
        ([route, method, status]) => !answer(route, method, status),
      );
      expect(undocumented).toEqual([]);
    });

    it('gives the answers their real shape: enums, every kind of session, listing pages', async () => {
      const answer = await answerOf();
      expect(answer('/v1/me', 'get', 200)?.properties?.kyc_status?.enum).toEqual([
        'none',
        'pending',
        'approved',
        'rejected',
      ]);
      // A member's session, an OTP login to finish, or an organization admin's session.
      expect(answer('/v1/auth/login', 'post', 200)?.anyOf).toHaveLength(3);
      expect(answer('/v1/members', 'get', 200)).toMatchObject({
        properties: {
          page: { type: 'integer' },
          page_size: { type: 'integer' },
          members: { type: 'array' },
        },
      });
      expect(answer('/v1/me/security/events', 'get', 200)).toMatchObject({
        properties: { events: { items: { properties: { type: { enum: expect.any(Array) } } } } },
      });
    });
  });
});
