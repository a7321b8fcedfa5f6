import { authenticator } from 'otplib';
import { startPlatform, type E2ePlatform } from '../harness';
import {
  bearer,
  expectError,
  identityClient,
  nextAppCode,
  TEST_PASSWORD as PASSWORD,
  type ErrorBody,
  type IdentityClient,
  type TestSession as Session,
} from '../clients';

const STRICT_ORG = 'otp-strict';
const LOGIN_ORG = 'otp-login';
const WEBHOOK_ORG = 'otp-webhooks';

describe('identity: OTP challenges, X-OTP-Token, preferences, TOTP and OTP login', () => {
  let platform: E2ePlatform;
  let base_url: string;
  let f: IdentityClient;

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'otp',
      live: true,
      settings: { WEBHOOKS_ALLOW_LOOPBACK: 'true' },
    });
    base_url = platform.environments.test.base_url;
    f = identityClient(platform.environments.test);
    for (const [slug, name, floor] of [
      [STRICT_ORG, 'Strict OTP', 'email'],
      [LOGIN_ORG, 'Login OTP', 'sms'],
    ] as const) {
      await f.createOrganization(slug, name, { otp_channel_floor: floor });
    }
    await f.setOtpPolicy(STRICT_ORG, {
      required_actions: ['api_key.create', 'member.create', 'otp.preferences', 'transfer.create'],
    });
    await f.setOtpPolicy(LOGIN_ORG, { login_otp_required: true });
    await f.createOrganization(WEBHOOK_ORG, 'Guarded', { otp_channel_floor: 'sms' });
    await f.setOtpPolicy(WEBHOOK_ORG, { required_actions: ['webhook.create'] });
  });
  afterAll(async () => platform.close());

  it('documents the OTP routes in the OpenAPI document, but not the operator one', async () => {
    const document = (await (await fetch(`${base_url}/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/v1/otp/challenges',
        '/v1/otp/challenges/{id}/verify',
        '/v1/otp/preferences',
        '/v1/me/totp/enroll',
        '/v1/me/totp/confirm',
        '/v1/me/phone/verification',
        '/v1/me/phone/verification/confirm',
        '/v1/auth/login/otp',
      ]),
    );
    expect(Object.keys(document.paths).some((route) => route.includes('otp-policy'))).toBe(false);
  });

  describe('challenges', () => {
    it('refuses an action or channel outside the catalog, and API keys', async () => {
      const session = await f.registerCompany('demo', f.uniqueEmail('catalog'));
      await expectError(
        await f.challenge(session.access_token, 'payout.delete'),
        400,
        'invalid_action',
      );
      await expectError(
        await f.challenge(session.access_token, 'payout.create', 'pigeon'),
        400,
        'invalid_channel',
      );
      await expectError(
        await f.challenge(session.access_token, 'payout.create', 'totp'),
        409,
        'totp_not_started',
      );
      await expectError(
        await f.challenge(session.access_token, 'payout.create', 'sms'),
        409,
        'phone_required',
      );
      const key = await f.post('/v1/api-keys', { label: 'bot' }, bearer(session.access_token));
      expect(key.status).toBe(201);
      const { token } = (await key.json()) as { token: string };
      await expectError(await f.challenge(token, 'payout.create'), 403, 'session_required');
    });

    it('mails a code, refuses a wrong one, answers a token once and then challenge_not_pending', async () => {
      const email = f.uniqueEmail('mailed');
      const session = await f.registerCompany('demo', email);
      const created = await f.challenge(session.access_token, 'payout.create');
      expect(created.status).toBe(201);
      const body = (await created.json()) as Record<string, string>;
      expect(body).toMatchObject({
        challenge_id: expect.any(String),
        channel: 'email',
        phone: expect.stringMatching(/^m\*\*\*@example\.com$/),
        expires_at: expect.any(String),
      });
      const code = await f.latestCode(email);
      const verify = (value: string) =>
        f.post(
          `/v1/otp/challenges/${body.challenge_id}/verify`,
          { code: value },
          bearer(session.access_token),
        );
      await expectError(await verify(code === '111111' ? '222222' : '111111'), 401, 'invalid_code');
      const verified = await verify(code);
      expect(verified.status).toBe(200);
      expect(await verified.json()).toMatchObject({
        otp_token: expect.stringMatching(/^otp_/),
        action: 'payout.create',
      });
      await expectError(await verify(code), 409, 'challenge_not_pending');
    });

    it('burns a challenge at the 5th wrong code with too_many_attempts', async () => {
      const session = await f.registerCompany('demo', f.uniqueEmail('burn'));
      const created = await f.challenge(session.access_token, 'transfer.create');
      const { challenge_id } = (await created.json()) as { challenge_id: string };
      const verify = (code: string) =>
        f.post(`/v1/otp/challenges/${challenge_id}/verify`, { code }, bearer(session.access_token));
      // A code no channel produces, so every attempt is wrong.
      const codes: string[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await verify('12345x');
        codes.push(((await response.json()) as ErrorBody).error);
      }
      expect(codes).toEqual([
        'invalid_code',
        'invalid_code',
        'invalid_code',
        'invalid_code',
        'too_many_attempts',
      ]);
      await expectError(await verify('000000'), 409, 'challenge_not_pending');
    });

    it('accepts 000000 only in the test environment', async () => {
      const live = identityClient(platform.environments.live);
      const email = live.uniqueEmail('live');
      const { access_token } = await live.registerCompany('demo', email, {}, { mailed_code: true });
      const created = await live.challenge(access_token, 'payout.create');
      const { challenge_id } = (await created.json()) as { challenge_id: string };
      const mailed = await live.latestCode(email);
      const verify = (code: string) =>
        live.post(`/v1/otp/challenges/${challenge_id}/verify`, { code }, bearer(access_token));
      // One mailed code in a million is 000000 itself, which must then pass.
      expect((await verify('000000')).status).toBe(mailed === '000000' ? 200 : 401);
      if (mailed !== '000000') expect((await verify(mailed)).status).toBe(200);
    });

    it('refuses an explicit channel weaker than the organization floor', async () => {
      const session = await f.registerCompany(STRICT_ORG, f.uniqueEmail('floor'), {
        phone: '+15551230001',
      });
      await expectError(
        await f.challenge(session.access_token, 'payout.create', 'sms'),
        403,
        'channel_locked_by_org',
      );
      const fallback = await f.challenge(session.access_token, 'payout.create');
      expect(fallback.status).toBe(201);
      expect(await fallback.json()).toMatchObject({ channel: 'email' });
    });

    it('sends an SMS challenge to the masked phone', async () => {
      const phone = '+15551230002';
      const session = await f.registerCompany('demo', f.uniqueEmail('sms'), { phone });
      // A phone carries action codes once verified (identity-otp-phone.int.spec.ts).
      const auth = bearer(session.access_token);
      expect((await f.post('/v1/me/phone/verification', {}, auth)).status).toBe(200);
      const proven = await f.post('/v1/me/phone/verification/confirm', { code: '000000' }, auth);
      expect(proven.status).toBe(200);
      const created = await f.challenge(session.access_token, 'payout.create', 'sms');
      expect(created.status).toBe(201);
      expect(await created.json()).toMatchObject({ channel: 'sms', phone: '+*******0002' });
      expect(await f.latestCode(phone)).toMatch(/^\d{6}$/);
    });
  });

  describe('X-OTP-Token on @RequireOtp routes', () => {
    it('requires a token for api_key.create, accepts it once, and exempts API keys', async () => {
      const session = await f.registerCompany(STRICT_ORG, f.uniqueEmail('keys'));
      const issue = (headers: Record<string, string>) =>
        f.post('/v1/api-keys', { label: 'ci' }, headers);

      await expectError(await issue(bearer(session.access_token)), 403, 'otp_required');
      const otp_token = await f.otpToken(session.access_token, 'api_key.create');
      const issued = await issue({ ...bearer(session.access_token), 'x-otp-token': otp_token });
      expect(issued.status).toBe(201);
      await expectError(
        await issue({ ...bearer(session.access_token), 'x-otp-token': otp_token }),
        403,
        'otp_invalid',
      );
      await expectError(
        await issue({ ...bearer(session.access_token), 'x-otp-token': 'otp_forged' }),
        403,
        'otp_invalid',
      );

      // API keys are exempt from OTP (spec §5 rule 6): a transfer is decided on its merits. They
      // never issue keys, though (decisions D12).
      const { token } = (await issued.json()) as { token: string };
      const transfer = { recipient: 'nobody@example.com', asset: 'USD', amount: '1.00' };
      await expectError(
        await f.post('/v1/transfers', transfer, bearer(session.access_token)),
        403,
        'otp_required',
      );
      await expectError(
        await f.post('/v1/transfers', transfer, bearer(token)),
        404,
        'recipient_not_found',
      );
      await expectError(await issue(bearer(token)), 403, 'session_required');
    });

    it('binds a token to its action', async () => {
      const session = await f.registerCompany(STRICT_ORG, f.uniqueEmail('bound'));
      const member_token = await f.otpToken(session.access_token, 'member.create');
      await expectError(
        await f.post(
          '/v1/api-keys',
          { label: 'ci' },
          { ...bearer(session.access_token), 'x-otp-token': member_token },
        ),
        403,
        'otp_invalid',
      );
      const member = {
        email: f.uniqueEmail('operator'),
        password: PASSWORD,
        role: 'operator',
      };
      const created = await f.post('/v1/members', member, {
        ...bearer(session.access_token),
        'x-otp-token': member_token,
      });
      expect(created.status).toBe(201);
    });

    // What the same route answers while identity cannot be reached: the gateway's
    // services/gateway/src/http/identity-outage.
    it('asks a code to subscribe a webhook where the organization requires it', async () => {
      const session = await f.registerCompany(WEBHOOK_ORG, f.uniqueEmail('hooks'));
      const subscribe = (headers: Record<string, string>) =>
        f.post(
          '/v1/webhooks/subscriptions',
          {
            event_type: '*',
            callback_url: 'https://127.0.0.1:9/hooks',
            secret: 'a webhook secret of some length',
          },
          { ...bearer(session.access_token), ...headers },
        );

      await expectError(await subscribe({}), 403, 'otp_required');
      const created = await subscribe({
        'x-otp-token': await f.otpToken(session.access_token, 'webhook.create'),
      });
      expect(created.status).toBe(201);
      const listed = await f.json<{ subscriptions: unknown[] }>(
        await f.request('GET', '/v1/webhooks/subscriptions', { token: session.access_token }),
        200,
      );
      expect(listed.subscriptions).toHaveLength(1);
    });

    it('asks nothing for actions the organization does not require (demo)', async () => {
      const session = await f.registerCompany('demo', f.uniqueEmail('demo-keys'));
      const issued = await f.post('/v1/api-keys', { label: 'ci' }, bearer(session.access_token));
      expect(issued.status).toBe(201);
    });
  });

  describe('preferences', () => {
    it('needs OTP where the policy says so, stores valid channels and refuses unusable ones', async () => {
      const session = await f.registerCompany(STRICT_ORG, f.uniqueEmail('prefs'));
      const put = (body: unknown, headers: Record<string, string> = {}) =>
        f.call('PUT', '/v1/otp/preferences', body, { ...bearer(session.access_token), ...headers });

      await expectError(await put({ channels: ['email'] }), 403, 'otp_required');
      const stored = await put(
        { channels: ['email'] },
        { 'x-otp-token': await f.otpToken(session.access_token, 'otp.preferences') },
      );
      expect(stored.status).toBe(200);
      expect(await stored.json()).toMatchObject({ channels: ['email'], channel_floor: 'email' });
      await expectError(
        await put(
          { channels: ['totp'] },
          { 'x-otp-token': await f.otpToken(session.access_token, 'otp.preferences') },
        ),
        409,
        'totp_not_started',
      );
      const read = await f.call(
        'GET',
        '/v1/otp/preferences',
        undefined,
        bearer(session.access_token),
      );
      expect(await read.json()).toMatchObject({
        channels: ['email'],
        required_actions: ['api_key.create', 'member.create', 'otp.preferences', 'transfer.create'],
      });
    });

    it('refuses members who are not owners', async () => {
      const owner = await f.registerCompany('demo', f.uniqueEmail('owner'));
      const email = f.uniqueEmail('operator');
      expect(
        (
          await f.post(
            '/v1/members',
            { email, password: PASSWORD, role: 'operator' },
            bearer(owner.access_token),
          )
        ).status,
      ).toBe(201);
      const login = await f.post('/v1/auth/login', { org: 'demo', email, password: PASSWORD });
      const operator_session = (await login.json()) as Session;
      const refused = await f.call(
        'PUT',
        '/v1/otp/preferences',
        { channels: ['email'] },
        bearer(operator_session.access_token),
      );
      expect(refused.status).toBe(403);
      expect(['owner_required', 'forbidden']).toContain(
        ((await refused.json()) as ErrorBody).error,
      );
    });
  });

  describe('TOTP', () => {
    it('enrolls with the current password, confirms with an app code, and carries challenges', async () => {
      const session = await f.registerCompany('demo', f.uniqueEmail('totp'));
      const auth = bearer(session.access_token);
      await expectError(
        await f.post('/v1/me/totp/confirm', { code: '123456' }, auth),
        409,
        'totp_not_started',
      );
      await expectError(await f.post('/v1/me/totp/enroll', {}, auth), 400, 'invalid_request');
      await expectError(
        await f.post('/v1/me/totp/enroll', { current_password: 'wrong password' }, auth),
        401,
        'invalid_credentials',
      );
      const enrolled = await f.post('/v1/me/totp/enroll', { current_password: PASSWORD }, auth);
      expect(enrolled.status).toBe(201);
      const { secret, otpauth_uri } = (await enrolled.json()) as Record<string, string>;
      expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
      expect(otpauth_uri).toContain(`secret=${secret}`);

      const current = authenticator.generate(secret);
      const wrong = current === '111111' ? '222222' : '111111';
      await expectError(
        await f.post('/v1/me/totp/confirm', { code: wrong }, auth),
        401,
        'invalid_code',
      );
      const confirmed = await f.post('/v1/me/totp/confirm', { code: current }, auth);
      expect(confirmed.status).toBe(200);
      expect(await confirmed.json()).toEqual({ status: 'confirmed' });

      const created = await f.challenge(session.access_token, 'payout.create');
      const body = (await created.json()) as Record<string, string>;
      expect(body).toMatchObject({ channel: 'totp', phone: 'authenticator_app' });
      const verify = (code: string) =>
        f.post(`/v1/otp/challenges/${body.challenge_id}/verify`, { code }, auth);
      // The code that confirmed the enrollment is spent: an observed code cannot be replayed.
      await expectError(await verify(current), 401, 'invalid_code');
      const verified = await verify(nextAppCode(secret));
      expect(verified.status).toBe(200);
    });
  });

  describe('OTP login', () => {
    const login = (email: string) =>
      f.post('/v1/auth/login', { org: LOGIN_ORG, email, password: PASSWORD });

    it('answers a pending token, mails a code and opens the session once', async () => {
      const email = f.uniqueEmail('login');
      await f.registerCompany(LOGIN_ORG, email);
      const first = await login(email);
      expect(first.status).toBe(200);
      const pending = (await first.json()) as Record<string, unknown>;
      expect(pending).toMatchObject({
        otp_required: true,
        pending_token: expect.any(String),
        channel: 'email',
      });
      expect(pending.access_token).toBeUndefined();
      const code = await f.latestCode(email);
      const finish = (value: string) =>
        f.post('/v1/auth/login/otp', { pending_token: pending.pending_token, code: value });

      await expectError(await finish(code === '111111' ? '222222' : '111111'), 401, 'invalid_code');
      const opened = await finish(code);
      expect(opened.status).toBe(200);
      const session = (await opened.json()) as Session;
      expect((await f.call('GET', '/v1/me', undefined, bearer(session.access_token))).status).toBe(
        200,
      );
      await expectError(await finish(code), 401, 'invalid_pending_token');
      await expectError(
        await f.post('/v1/auth/login/otp', { pending_token: 'lp_unknown', code: '000000' }),
        401,
        'invalid_pending_token',
      );
    });

    it('skips a phone linked under 24 hours for email, then totp, or answers phone_binding_cooldown', async () => {
      const email = f.uniqueEmail('cooldown');
      const session = await f.registerCompany(LOGIN_ORG, email, { phone: '+15551230003' });
      const auth = bearer(session.access_token);
      const channelOf = async () => (await (await login(email)).json()) as Record<string, unknown>;

      expect(await channelOf()).toMatchObject({ otp_required: true, channel: 'email' });
      const narrowed = await f.call('PUT', '/v1/otp/preferences', { channels: ['sms'] }, auth);
      expect(narrowed.status).toBe(200);
      expect(await channelOf()).toMatchObject({ error: 'phone_binding_cooldown' });
      await expectError(await login(email), 403, 'phone_binding_cooldown');

      const enrolled = await f.post('/v1/me/totp/enroll', { current_password: PASSWORD }, auth);
      const { secret } = (await enrolled.json()) as { secret: string };
      const confirmed = await f.post(
        '/v1/me/totp/confirm',
        { code: authenticator.generate(secret) },
        auth,
      );
      expect(confirmed.status).toBe(200);
      const pending = await channelOf();
      expect(pending).toMatchObject({ otp_required: true, channel: 'totp' });
      const opened = await f.post('/v1/auth/login/otp', {
        pending_token: pending.pending_token,
        code: nextAppCode(secret),
      });
      expect(opened.status).toBe(200);
    });

    it('logs in at once where the organization does not require OTP', async () => {
      const email = f.uniqueEmail('plain');
      await f.registerCompany('demo', email);
      const response = await f.post('/v1/auth/login', { org: 'demo', email, password: PASSWORD });
      expect(await response.json()).toMatchObject({ access_token: expect.any(String) });
    });
  });
});
