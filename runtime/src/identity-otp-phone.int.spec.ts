import type { Pool } from 'pg';
import { authenticator } from 'otplib';
import { createPool } from '@platform/persistence';
import { startTestPlatform, type TestPlatform } from './test-platform';
import {
  bearer,
  expectError,
  nextAppCode,
  operator,
  otpFixtures,
  PASSWORD,
  type OtpFixtures,
  type Session,
} from './identity-otp.fixtures';

const GUARDED_ORG = 'otp-phone-guarded';

/**
 * Spec §5 rule 5 and §7 "OTP and 2FA": the phone codes of action challenges (`phone_required`,
 * `phone_verification_required`), verifying a phone, the 24-hour phone-binding cooldown on
 * action challenges, and an organization that turns OTP off (`otp_disabled_for_org`).
 */
describe('identity: OTP over the phone, the phone-binding cooldown, OTP turned off', () => {
  let platform: TestPlatform;
  let f: OtpFixtures;
  let identity_db: Pool;

  beforeAll(async () => {
    platform = await startTestPlatform('otpphone');
    f = otpFixtures(platform.environments.test.base_url);
    identity_db = createPool({
      url: platform.environments.test.database_url,
      schema: 'identity',
      max_connections: 1,
    });
    const created = await f.post(
      '/admin/v1/organizations',
      { slug: GUARDED_ORG, name: 'Guarded', otp_channel_floor: 'sms' },
      operator,
    );
    expect(created.status).toBe(201);
    await f.setPolicy(GUARDED_ORG, { required_actions: ['api_key.create', 'otp.preferences'] });
  });
  afterAll(async () => {
    await identity_db.end();
    await platform.dispose();
  });

  /** What a day passing does to the phone link: the 24-hour cooldown is over, unproven. */
  const linkedADayAgo = async (account_id: string) => {
    const { rowCount } = await identity_db.query(
      `update accounts set phone_linked_at = now() - interval '25 hours' where id = $1`,
      [account_id],
    );
    expect(rowCount).toBe(1);
  };

  const accountIdOf = async (session: Session): Promise<string> => {
    const me = await f.call('GET', '/v1/me', undefined, bearer(session.access_token));
    return ((await me.json()) as { id: string }).id;
  };

  const verifyPhone = async (token: string, code = '000000') => {
    const sent = await f.post('/v1/me/phone/verification', {}, bearer(token));
    expect(sent.status).toBe(200);
    return f.post('/v1/me/phone/verification/confirm', { code }, bearer(token));
  };

  describe('phone_required', () => {
    it('answers phone_required for an asked or resolved phone channel without a phone', async () => {
      const phone = '+15557000001';
      const session = await f.register('demo', f.uniqueEmail('nophone'), { phone });
      const auth = bearer(session.access_token);
      await linkedADayAgo(await accountIdOf(session));
      expect((await verifyPhone(session.access_token)).status).toBe(200);
      const narrowed = await f.call('PUT', '/v1/otp/preferences', { channels: ['sms'] }, auth);
      expect(narrowed.status).toBe(200);

      // The phone is removed afterwards: the stored preference now resolves to a channel without one.
      const cleared = await f.call('PATCH', '/v1/me', { phone: '' }, auth);
      expect(cleared.status).toBe(200);
      await expectError(
        await f.challenge(session.access_token, 'payout.create'),
        409,
        'phone_required',
      );
      await expectError(
        await f.challenge(session.access_token, 'payout.create', 'whatsapp'),
        409,
        'phone_required',
      );
      // Preferences and OTP login name the same lack otp_phone_missing.
      await expectError(
        await f.call('PUT', '/v1/otp/preferences', { channels: ['whatsapp'] }, auth),
        409,
        'otp_phone_missing',
      );
      await expectError(await f.post('/v1/me/phone/verification', {}, auth), 409, 'phone_required');
    });
  });

  describe('phone verification', () => {
    it('answers phone_verification_required until a code sent to the phone is confirmed', async () => {
      const phone = '+15557000002';
      const session = await f.register('demo', f.uniqueEmail('unproven'), { phone });
      const auth = bearer(session.access_token);
      await linkedADayAgo(await accountIdOf(session));

      await expectError(
        await f.challenge(session.access_token, 'payout.create', 'sms'),
        409,
        'phone_verification_required',
      );
      // Without a channel, the unproven phone is passed over for email.
      const resolved = await f.challenge(session.access_token, 'payout.create');
      expect(await resolved.json()).toMatchObject({ channel: 'email' });

      await expectError(
        await f.post('/v1/me/phone/verification/confirm', { code: '000000' }, auth),
        409,
        'challenge_not_pending',
      );
      const sent = await f.post('/v1/me/phone/verification', { channel: 'sms' }, auth);
      expect(sent.status).toBe(200);
      expect(await sent.json()).toMatchObject({
        status: 'verification_sent',
        channel: 'sms',
        phone: '+*******0002',
        expires_at: expect.any(String),
      });
      const code = await f.latestCode(phone);
      expect(code).toMatch(/^\d{6}$/);
      await expectError(
        await f.post('/v1/me/phone/verification', {}, auth),
        429,
        'too_many_attempts',
      );
      const wrong = code === '111111' ? '222222' : '111111';
      await expectError(
        await f.post('/v1/me/phone/verification/confirm', { code: wrong }, auth),
        401,
        'invalid_code',
      );
      const confirmed = await f.post('/v1/me/phone/verification/confirm', { code }, auth);
      expect(confirmed.status).toBe(200);
      expect(await confirmed.json()).toEqual({ status: 'phone_verified', phone: '+*******0002' });
      await expectError(
        await f.post('/v1/me/phone/verification', {}, auth),
        409,
        'already_verified',
      );

      const created = await f.challenge(session.access_token, 'payout.create', 'sms');
      expect(created.status).toBe(201);
      expect(await created.json()).toMatchObject({ channel: 'sms', phone: '+*******0002' });
      const default_order = await f.challenge(session.access_token, 'payout.create');
      expect(await default_order.json()).toMatchObject({ channel: 'sms' });
    });

    it('needs the phone verified again once it changes', async () => {
      const session = await f.register('demo', f.uniqueEmail('changed'), {
        phone: '+15557000003',
      });
      const auth = bearer(session.access_token);
      expect((await verifyPhone(session.access_token)).status).toBe(200);
      expect((await f.challenge(session.access_token, 'payout.create', 'sms')).status).toBe(201);

      expect((await f.call('PATCH', '/v1/me', { phone: '+15557000004' }, auth)).status).toBe(200);
      await linkedADayAgo(await accountIdOf(session));
      await expectError(
        await f.challenge(session.access_token, 'payout.create', 'sms'),
        409,
        'phone_verification_required',
      );
    });
  });

  describe('phone-binding cooldown on action challenges (spec §5 rule 5)', () => {
    it('moves the code of a phone linked under 24 hours ago to email, then the authenticator', async () => {
      const phone = '+15557000005';
      const email = f.uniqueEmail('cooling');
      const session = await f.register('demo', email, { phone });
      const auth = bearer(session.access_token);

      const moved = await f.challenge(session.access_token, 'payout.create', 'sms');
      expect(moved.status).toBe(201);
      const to_email = (await moved.json()) as { challenge_id: string; channel: string };
      expect(to_email).toMatchObject({ channel: 'email', phone: 'c***@example.com' });
      expect(await f.latestCode(phone)).toBe('');
      expect(await f.latestCode(email)).toMatch(/^\d{6}$/);

      const enrolled = await f.post('/v1/me/totp/enroll', { current_password: PASSWORD }, auth);
      const { secret } = (await enrolled.json()) as { secret: string };
      const confirmed = await f.post(
        '/v1/me/totp/confirm',
        { code: authenticator.generate(secret) },
        auth,
      );
      expect(confirmed.status).toBe(200);
      const to_app = await f.challenge(session.access_token, 'payout.create', 'whatsapp');
      const body = (await to_app.json()) as { challenge_id: string };
      expect(body).toMatchObject({ channel: 'totp', phone: 'authenticator_app' });
      const verified = await f.post(
        `/v1/otp/challenges/${body.challenge_id}/verify`,
        { code: nextAppCode(secret) },
        auth,
      );
      expect(verified.status).toBe(200);
    });

    it('answers phone_binding_cooldown when no stronger factor is allowed, until the phone is verified', async () => {
      const phone = '+15557000006';
      const session = await f.register('demo', f.uniqueEmail('refused'), { phone });
      const auth = bearer(session.access_token);
      const narrowed = await f.call('PUT', '/v1/otp/preferences', { channels: ['sms'] }, auth);
      expect(narrowed.status).toBe(200);
      const before = (await f.mailboxFor(phone)).length;

      await expectError(
        await f.challenge(session.access_token, 'payout.create'),
        403,
        'phone_binding_cooldown',
      );
      await expectError(
        await f.challenge(session.access_token, 'payout.create', 'sms'),
        403,
        'phone_binding_cooldown',
      );
      expect((await f.mailboxFor(phone)).length).toBe(before);

      // Proving the phone ends the cooldown: the code now goes to it.
      expect((await f.post('/v1/me/phone/verification', {}, auth)).status).toBe(200);
      const code = await f.latestCode(phone);
      const proven = await f.post('/v1/me/phone/verification/confirm', { code }, auth);
      expect(proven.status).toBe(200);
      const created = await f.challenge(session.access_token, 'payout.create');
      expect(created.status).toBe(201);
      expect(await created.json()).toMatchObject({ channel: 'sms' });
    });
  });

  describe('OTP turned off for an organization (otp_disabled_for_org)', () => {
    it('answers otp_disabled_for_org to challenges and preference changes, and asks no code', async () => {
      const session = await f.register(GUARDED_ORG, f.uniqueEmail('off'));
      const auth = bearer(session.access_token);
      await expectError(await f.post('/v1/api-keys', { label: 'ci' }, auth), 403, 'otp_required');

      await f.setPolicy(GUARDED_ORG, { otp_enabled: false });
      try {
        await expectError(
          await f.challenge(session.access_token, 'api_key.create'),
          409,
          'otp_disabled_for_org',
        );
        await expectError(
          await f.call('PUT', '/v1/otp/preferences', { channels: ['email'] }, auth),
          409,
          'otp_disabled_for_org',
        );
        const read = await f.call('GET', '/v1/otp/preferences', undefined, auth);
        expect(await read.json()).toMatchObject({ otp_enabled: false });
        // The organization's choice: no action asks for a code while OTP is off.
        expect((await f.post('/v1/api-keys', { label: 'ci' }, auth)).status).toBe(201);
      } finally {
        await f.setPolicy(GUARDED_ORG, { otp_enabled: true });
      }
      await expectError(await f.post('/v1/api-keys', { label: 'ci' }, auth), 403, 'otp_required');
      expect((await f.challenge(session.access_token, 'api_key.create')).status).toBe(201);
    });
  });
});
