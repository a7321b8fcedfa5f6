import { DomainError } from '@platform/contracts';
import {
  decidePreferences,
  decideRequiredActions,
  maskEmail,
  maskPhone,
  parseAction,
  parseChannel,
  assertOtpEnabled,
  phoneStatusOf,
  PHONE_BINDING_COOLDOWN_MS,
  resolveChannel,
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
  phone_status: 'verified',
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

describe('resolveChannel for action challenges', () => {
  it('prefers a confirmed authenticator, then a verified phone, then email by default', () => {
    expect(resolveChannel(null, { ...base, totp_confirmed: true }, 'challenge')).toBe('totp');
    expect(resolveChannel(null, base, 'challenge')).toBe('sms');
    expect(resolveChannel(null, { ...base, phone_status: 'none' }, 'challenge')).toBe('email');
    expect(resolveChannel(null, { ...base, phone_status: 'unverified' }, 'challenge')).toBe(
      'email',
    );
  });

  it('follows the account preferences, skipping channels it cannot use', () => {
    expect(
      resolveChannel(null, { ...base, preferences: ['totp', 'email', 'sms'] }, 'challenge'),
    ).toBe('email');
  });

  it('refuses an explicit channel weaker than the organization floor', () => {
    expect(codeOf(() => resolveChannel('sms', { ...base, floor: 'email' }, 'challenge'))).toBe(
      'channel_locked_by_org',
    );
    expect(resolveChannel('email', { ...base, floor: 'email' }, 'challenge')).toBe('email');
  });

  it('refuses totp before enrollment, a phone channel without a phone or with an unproven one', () => {
    expect(codeOf(() => resolveChannel('totp', base, 'challenge'))).toBe('totp_not_started');
    expect(
      codeOf(() => resolveChannel('whatsapp', { ...base, phone_status: 'none' }, 'challenge')),
    ).toBe('phone_required');
    expect(
      codeOf(() => resolveChannel('sms', { ...base, phone_status: 'unverified' }, 'challenge')),
    ).toBe('phone_verification_required');
    expect(
      codeOf(() =>
        resolveChannel(null, { ...base, phone_status: 'none', preferences: ['sms'] }, 'challenge'),
      ),
    ).toBe('phone_required');
  });

  it('answers the first preference reason when nothing is usable', () => {
    expect(codeOf(() => resolveChannel(null, { ...base, floor: 'totp' }, 'challenge'))).toBe(
      'totp_not_started',
    );
  });

  it('moves a cooling phone to the authenticator, then email, else phone_binding_cooldown', () => {
    const cooling = { ...base, phone_status: 'cooling' as const };
    expect(resolveChannel('sms', { ...cooling, totp_confirmed: true }, 'challenge')).toBe('totp');
    expect(resolveChannel('sms', cooling, 'challenge')).toBe('email');
    expect(
      codeOf(() => resolveChannel('sms', { ...cooling, preferences: ['sms'] }, 'challenge')),
    ).toBe('phone_binding_cooldown');
  });
});

describe('resolveChannel for OTP login (spec §5 rule 5)', () => {
  it('uses a phone that is not cooling, proven or not', () => {
    expect(resolveChannel(null, base, 'login')).toBe('sms');
    expect(resolveChannel(null, { ...base, phone_status: 'unverified' }, 'login')).toBe('sms');
  });

  it('names otp_phone_missing when the only channel needs a phone the account lacks', () => {
    expect(
      codeOf(() =>
        resolveChannel(null, { ...base, phone_status: 'none', preferences: ['sms'] }, 'login'),
      ),
    ).toBe('otp_phone_missing');
  });

  it('moves a cooling phone to the authenticator, then to email', () => {
    const cooling = { ...base, phone_status: 'cooling' as const };
    expect(
      resolveChannel(null, { ...cooling, totp_confirmed: true, preferences: ['sms'] }, 'login'),
    ).toBe('totp');
    expect(resolveChannel(null, cooling, 'login')).toBe('email');
  });

  it('answers phone_binding_cooldown when no stronger factor is allowed', () => {
    expect(
      codeOf(() =>
        resolveChannel(null, { ...base, phone_status: 'cooling', preferences: ['sms'] }, 'login'),
      ),
    ).toBe('phone_binding_cooldown');
  });
});

describe('phoneStatusOf', () => {
  const now = new Date('2026-01-02T00:00:00Z');
  const hours_ago = (hours: number) => new Date(now.getTime() - hours * 3600_000);
  const phone = '+15551234567';

  it('cools a phone linked under 24 hours ago and never proven, then leaves it unverified', () => {
    expect(phoneStatusOf(phone, hours_ago(1), null, now)).toBe('cooling');
    expect(
      phoneStatusOf(phone, new Date(now.getTime() - PHONE_BINDING_COOLDOWN_MS), null, now),
    ).toBe('unverified');
  });

  it('trusts a phone proven after it was linked, and knows when there is none', () => {
    expect(phoneStatusOf(phone, hours_ago(2), hours_ago(1), now)).toBe('verified');
    expect(phoneStatusOf(phone, hours_ago(1), hours_ago(2), now)).toBe('cooling');
    expect(phoneStatusOf(null, null, null, now)).toBe('none');
  });
});

describe('assertOtpEnabled', () => {
  it('answers otp_disabled_for_org when the organization turned OTP off', () => {
    expect(codeOf(() => assertOtpEnabled(false))).toBe('otp_disabled_for_org');
    expect(() => assertOtpEnabled(true)).not.toThrow();
  });
});

describe('decidePreferences', () => {
  const factors = { floor: 'sms' as const, totp_confirmed: false, phone_status: 'none' as const };

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
      codeOf(() =>
        decidePreferences(['sms'], { ...factors, floor: 'email', phone_status: 'verified' }),
      ),
    ).toBe('channel_locked_by_org');
  });
});

describe('masking', () => {
  it('keeps the last four digits of a phone and the first letter and domain of an email', () => {
    expect(maskPhone('+15551234567')).toBe('+*******4567');
    expect(maskEmail('ada.lovelace@example.com')).toBe('a***@example.com');
  });
});
