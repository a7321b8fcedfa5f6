import {
  ACCOUNT_COMMANDS,
  DomainError,
  OTP_COMMANDS,
  type ConfirmedSession,
} from '@platform/contracts';
import {
  claimsOf,
  sessionActorOf,
  startIdentityUnderTest,
  uniqueEmail,
  type IdentityUnderTest,
} from './identity-under-test';

/**
 * Spec §5 rule 5 and §7 "OTP and 2FA", for a phone linked a day ago: the phone codes of action
 * challenges (`phone_required`, `phone_verification_required`) and verifying a phone. A day
 * passing is set on identity's own row (no client can age a phone link), so these run beside
 * identity over the bus, as the gateway sends its commands; each refusal is the code the gateway
 * answers with its status (phone_required 409, invalid_code 401, too_many_attempts 429). The
 * cooldown itself, and OTP turned off, are driven over HTTP in e2e/src/identity/identity-otp-phone.
 */
describe('identity: OTP over a phone linked a day ago', () => {
  let identity: IdentityUnderTest;

  beforeAll(async () => {
    identity = await startIdentityUnderTest();
  });
  afterAll(async () => identity.close());

  /** A confirmed company of `demo` with a phone. */
  const register = (phone: string) =>
    identity.registerAndConfirm(uniqueEmail('phone'), {
      type: 'company',
      display_name: 'Analytical Engines',
      phone,
    });

  /** What a day passing does to the phone link: the 24-hour cooldown is over, unproven. */
  const linkedADayAgo = async (session: ConfirmedSession) => {
    const { rowCount } = await identity.tables.query(
      `update accounts set phone_linked_at = now() - interval '25 hours' where id = $1`,
      [session.account.id],
    );
    expect(rowCount).toBe(1);
  };

  const actor = (session: ConfirmedSession) => sessionActorOf(session.access_token);
  const role = (session: ConfirmedSession) => claimsOf(session.access_token).role;

  const challenge = (session: ConfirmedSession, action: string, channel?: string) => {
    const { account_id, member_id, org_id } = actor(session);
    return identity.client.send(OTP_COMMANDS.create_otp_challenge, {
      actor: { account_id, member_id, org_id },
      request: channel ? { action, channel } : { action },
    });
  };
  const requestVerification = (session: ConfirmedSession, channel?: 'sms' | 'whatsapp') =>
    identity.client.send(OTP_COMMANDS.request_phone_verification, {
      actor: actor(session),
      request: channel ? { channel } : {},
    });
  const confirmVerification = (session: ConfirmedSession, code: string) =>
    identity.client.send(OTP_COMMANDS.confirm_phone_verification, { actor: actor(session), code });
  const setPreferences = (session: ConfirmedSession, channels: string[]) =>
    identity.client.send(OTP_COMMANDS.set_otp_preferences, {
      actor: actor(session),
      role: role(session),
      preferences: { channels },
    });
  const updateProfile = (session: ConfirmedSession, changes: { phone: string }) => {
    const { account_id, member_id } = actor(session);
    return identity.client.send(ACCOUNT_COMMANDS.update_profile, {
      actor: { account_id, member_id },
      role: role(session),
      changes,
    });
  };

  /** The code of the refusal `attempt` ends with. */
  const refusal = async (attempt: Promise<unknown>): Promise<string> => {
    const outcome = await attempt.then(
      () => 'answered',
      (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
    );
    return outcome;
  };

  const verifyPhone = async (session: ConfirmedSession, code = '000000') => {
    await requestVerification(session);
    return confirmVerification(session, code);
  };

  describe('phone_required', () => {
    it('answers phone_required for an asked or resolved phone channel without a phone', async () => {
      const session = await register('+15557000001');
      await linkedADayAgo(session);
      await verifyPhone(session);
      await setPreferences(session, ['sms']);

      // The phone is removed afterwards: the stored preference now resolves to a channel without one.
      await updateProfile(session, { phone: '' });
      expect(await refusal(challenge(session, 'payout.create'))).toBe('phone_required');
      expect(await refusal(challenge(session, 'payout.create', 'whatsapp'))).toBe('phone_required');
      // Preferences and OTP login name the same lack otp_phone_missing.
      expect(await refusal(setPreferences(session, ['whatsapp']))).toBe('otp_phone_missing');
      expect(await refusal(requestVerification(session))).toBe('phone_required');
    });
  });

  describe('phone verification', () => {
    it('answers phone_verification_required until a code sent to the phone is confirmed', async () => {
      const phone = '+15557000002';
      const session = await register(phone);
      await linkedADayAgo(session);

      expect(await refusal(challenge(session, 'payout.create', 'sms'))).toBe(
        'phone_verification_required',
      );
      // Without a channel, the unproven phone is passed over for email.
      expect(await challenge(session, 'payout.create')).toMatchObject({ channel: 'email' });

      expect(await refusal(confirmVerification(session, '000000'))).toBe('challenge_not_pending');
      const sent = await requestVerification(session, 'sms');
      expect(sent).toMatchObject({
        status: 'verification_sent',
        channel: 'sms',
        phone: '+*******0002',
        expires_at: expect.any(String),
      });
      const code = identity.latestCode(phone);
      expect(code).toMatch(/^\d{6}$/);
      expect(await refusal(requestVerification(session))).toBe('too_many_attempts');
      const wrong = code === '111111' ? '222222' : '111111';
      expect(await refusal(confirmVerification(session, wrong))).toBe('invalid_code');
      expect(await confirmVerification(session, code)).toEqual({
        status: 'phone_verified',
        phone: '+*******0002',
      });
      expect(await refusal(requestVerification(session))).toBe('already_verified');

      expect(await challenge(session, 'payout.create', 'sms')).toMatchObject({
        channel: 'sms',
        phone: '+*******0002',
      });
      expect(await challenge(session, 'payout.create')).toMatchObject({ channel: 'sms' });
    });

    it('needs the phone verified again once it changes', async () => {
      const session = await register('+15557000003');
      await verifyPhone(session);
      await challenge(session, 'payout.create', 'sms');

      await updateProfile(session, { phone: '+15557000004' });
      await linkedADayAgo(session);
      expect(await refusal(challenge(session, 'payout.create', 'sms'))).toBe(
        'phone_verification_required',
      );
    });
  });
});
