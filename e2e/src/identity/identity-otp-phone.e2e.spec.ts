import { authenticator } from 'otplib';
import { startPlatform, type E2ePlatform } from '../harness';
import {
  bearer,
  expectError,
  identityClient,
  nextAppCode,
  TEST_PASSWORD as PASSWORD,
  type IdentityClient,
} from '../clients';

const GUARDED_ORG = 'otp-phone-guarded';

/**
 * Spec §5 rule 5 and §7 "OTP and 2FA": the 24-hour phone-binding cooldown on action challenges,
 * and an organization that turns OTP off (`otp_disabled_for_org`). What needs a phone linked a day
 * ago runs beside identity: services/identity/src/otp-phone-linked.
 */
describe('identity: the phone-binding cooldown, OTP turned off', () => {
  let platform: E2ePlatform;
  let f: IdentityClient;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'otpphone' });
    f = identityClient(platform.environments.test);
    await f.createOrganization(GUARDED_ORG, 'Guarded', { otp_channel_floor: 'sms' });
    await f.setOtpPolicy(GUARDED_ORG, { required_actions: ['api_key.create', 'otp.preferences'] });
  });
  afterAll(async () => platform.close());

  describe('phone-binding cooldown on action challenges (spec §5 rule 5)', () => {
    it('moves the code of a phone linked under 24 hours ago to email, then the authenticator', async () => {
      const phone = '+15557000005';
      const email = f.uniqueEmail('cooling');
      const session = await f.registerCompany('demo', email, { phone });
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
      const session = await f.registerCompany('demo', f.uniqueEmail('refused'), { phone });
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
      const session = await f.registerCompany(GUARDED_ORG, f.uniqueEmail('off'));
      const auth = bearer(session.access_token);
      await expectError(await f.post('/v1/api-keys', { label: 'ci' }, auth), 403, 'otp_required');

      await f.setOtpPolicy(GUARDED_ORG, { otp_enabled: false });
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
        await f.setOtpPolicy(GUARDED_ORG, { otp_enabled: true });
      }
      await expectError(await f.post('/v1/api-keys', { label: 'ci' }, auth), 403, 'otp_required');
      expect((await f.challenge(session.access_token, 'api_key.create')).status).toBe(201);
    });
  });
});
