import { DomainError } from '@platform/contracts';
import {
  decidePreferences,
  decideRequiredActions,
  maskEmail,
  maskPhone,
  parseAction,
  parseChannel,
  phoneCooling,
  PHONE_BINDING_COOLDOWN_MS,
  resolveChallengeChannel,
  resolveLoginChannel,
  type OtpFactors,
} from './otp-policy';

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  throw new Error('expected a DomainError');
}

const base: OtpFactors = {
  floor: 'sms',
  preferences: null,
  totp_confirmed: false,
  phone: '+15551234567',
};

describe('OTP catalog', () => {
  it('accepts the D7 actions and refuses others with invalid_action', () => {
    expect(parseAction('payout.create')).toBe('payout.create');
    expect(parseAction('otp.preferences')).toBe('otp.preferences');
    expect(codeOf(() => parseAction('payout.delete'))).toBe('invalid_action');
  });

  it('accepts the four channels and refuses others with invalid_channel', () => {
    expect(parseChannel('whatsapp')).toBe('whatsapp');
    expect(codeOf(() => parseChannel('pigeon'))).toBe('invalid_channel');
  });

  it('deduplicates required actions and refuses unknown ones', () => {
    expect(decideRequiredActions(['member.create', 'member.create'])).toEqual(['member.create']);
    expect(codeOf(() => decideRequiredActions(['member.create', 'x']))).toBe('invalid_action');
  });
});

describe('resolveChallengeChannel', () => {
  it('prefers a confirmed authenticator, then the phone, then email by default', () => {
    expect(resolveChallengeChannel(null, { ...base, totp_confirmed: true })).toBe('totp');
    expect(resolveChallengeChannel(null, base)).toBe('sms');
    expect(resolveChallengeChannel(null, { ...base, phone: null })).toBe('email');
  });

  it('follows the account preferences, skipping channels it cannot use', () => {
    const factors = { ...base, preferences: ['totp', 'email', 'sms'] as const };
    expect(
      resolveChallengeChannel(null, { ...factors, preferences: [...factors.preferences] }),
    ).toBe('email');
  });

  it('refuses an explicit channel weaker than the organization floor', () => {
    expect(codeOf(() => resolveChallengeChannel('sms', { ...base, floor: 'email' }))).toBe(
      'channel_locked_by_org',
    );
    expect(resolveChallengeChannel('email', { ...base, floor: 'email' })).toBe('email');
  });

  it('refuses totp before enrollment and a phone channel without a phone', () => {
    expect(codeOf(() => resolveChallengeChannel('totp', base))).toBe('totp_not_started');
    expect(codeOf(() => resolveChallengeChannel('whatsapp', { ...base, phone: null }))).toBe(
      'otp_phone_missing',
    );
  });

  it('answers the first preference reason when nothing is usable', () => {
    expect(codeOf(() => resolveChallengeChannel(null, { ...base, floor: 'totp' }))).toBe(
      'totp_not_started',
    );
  });
});

describe('resolveLoginChannel (spec §5 rule 5)', () => {
  it('uses the phone when it is not cooling', () => {
    expect(resolveLoginChannel(base, false)).toBe('sms');
  });

  it('moves a cooling phone to the authenticator, then to email', () => {
    expect(resolveLoginChannel({ ...base, totp_confirmed: true, preferences: ['sms'] }, true)).toBe(
      'totp',
    );
    expect(resolveLoginChannel(base, true)).toBe('email');
  });

  it('answers phone_binding_cooldown when no stronger factor is allowed', () => {
    expect(codeOf(() => resolveLoginChannel({ ...base, preferences: ['sms'] }, true))).toBe(
      'phone_binding_cooldown',
    );
  });
});

describe('phoneCooling', () => {
  const now = new Date('2026-01-02T00:00:00Z');
  const hours_ago = (hours: number) => new Date(now.getTime() - hours * 3600_000);

  it('cools a phone linked under 24 hours ago and never proven', () => {
    expect(phoneCooling(hours_ago(1), null, now)).toBe(true);
    expect(phoneCooling(new Date(now.getTime() - PHONE_BINDING_COOLDOWN_MS), null, now)).toBe(
      false,
    );
  });

  it('trusts a phone proven after it was linked, and no phone at all', () => {
    expect(phoneCooling(hours_ago(2), hours_ago(1), now)).toBe(false);
    expect(phoneCooling(hours_ago(1), hours_ago(2), now)).toBe(true);
    expect(phoneCooling(null, null, now)).toBe(false);
  });
});

describe('decidePreferences', () => {
  const factors = { floor: 'sms' as const, totp_confirmed: false, phone: null };

  it('keeps distinct usable channels in order', () => {
    expect(decidePreferences(['email'], factors)).toEqual(['email']);
  });

  it.each([
    [[], 'invalid_channel'],
    [['email', 'email'], 'invalid_channel'],
    [['fax'], 'invalid_channel'],
    [['sms'], 'otp_phone_missing'],
    [['totp'], 'totp_not_started'],
  ])('refuses %j with %s', (channels, code) => {
    expect(codeOf(() => decidePreferences(channels, factors))).toBe(code);
  });

  it('refuses a channel under the floor', () => {
    expect(
      codeOf(() => decidePreferences(['sms'], { ...factors, floor: 'email', phone: '+1555' })),
    ).toBe('channel_locked_by_org');
  });
});

describe('masking', () => {
  it('keeps the last four digits of a phone and the first letter and domain of an email', () => {
    expect(maskPhone('+15551234567')).toBe('+*******4567');
    expect(maskEmail('ada.lovelace@example.com')).toBe('a***@example.com');
  });
});
