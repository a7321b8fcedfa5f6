import type { AccountProfile } from '@platform/contracts';
import {
  decideProfileChanges,
  decideRegistration,
  kycStatusOnConfirm,
  parseLocale,
} from './account';

const valid = {
  type: 'company',
  email: '  Finance@Example.COM ',
  password: '12345678',
  display_name: '  Acme Ltd ',
};

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

describe('decideRegistration', () => {
  it('normalizes what it keeps: lower-cased email, trimmed name, locale en by default', () => {
    expect(decideRegistration(valid)).toEqual({
      type: 'company',
      email: 'finance@example.com',
      password: '12345678',
      display_name: 'Acme Ltd',
      tax_id: null,
      phone: null,
      country: null,
      locale: 'en',
      profile: {},
    });
  });

  it.each([
    ['invalid_type', { type: 'person ' }],
    ['invalid_email', { email: 'a@b' }],
    ['weak_password', { password: '1234567' }],
    ['invalid_request', { password: 'x'.repeat(1025) }],
    ['invalid_display_name', { display_name: '' }],
    ['invalid_display_name', { display_name: 'x'.repeat(201) }],
    ['invalid_locale', { locale: 'EN' }],
    ['invalid_country', { country: 'us' }],
    ['invalid_phone', { phone: '+0123' }],
    ['invalid_tax_id', { tax_id: 'x'.repeat(65) }],
  ])('answers %s for %j', (code, override) => {
    expect(codeOf(() => decideRegistration({ ...valid, ...override }))).toBe(code);
  });

  it('accepts the optional fields in their formats', () => {
    expect(
      decideRegistration({ ...valid, phone: '+14155550100', country: 'AR', locale: 'zh' }),
    ).toMatchObject({ phone: '+14155550100', country: 'AR', locale: 'zh' });
  });
});

describe('locale and KYC on confirm', () => {
  it('stores an empty locale as en and approves only test accounts', () => {
    expect(parseLocale('')).toBe('en');
    expect(kycStatusOnConfirm('test')).toBe('approved');
    expect(kycStatusOnConfirm('live')).toBe('none');
  });
});

describe('decideProfileChanges', () => {
  const profile: AccountProfile = {
    id: '00000000-0000-4000-8000-000000000001',
    type: 'person',
    display_name: 'Ada',
    email: 'ada@example.com',
    tax_id: null,
    phone: null,
    country: 'US',
    locale: 'es',
    status: 'active',
    kyc_status: 'none',
    created_at: '2026-01-01T00:00:00.000Z',
  };

  it('changes only the fields sent; an empty locale stores en', () => {
    expect(decideProfileChanges(profile, { phone: '+14155550100', locale: '' })).toEqual({
      display_name: 'Ada',
      tax_id: null,
      phone: '+14155550100',
      country: 'US',
      locale: 'en',
    });
  });

  it('locks the verified fields once KYC is approved, but not the others nor a same value', () => {
    const approved = { ...profile, kyc_status: 'approved' as const };
    for (const change of [{ display_name: 'Eve' }, { tax_id: '123' }, { country: 'AR' }]) {
      expect(codeOf(() => decideProfileChanges(approved, change))).toBe('identity_locked');
    }
    expect(decideProfileChanges(approved, { country: 'US', locale: 'zh' })).toMatchObject({
      country: 'US',
      locale: 'zh',
    });
  });

  it('answers invalid_locale and the field codes for bad values', () => {
    expect(codeOf(() => decideProfileChanges(profile, { locale: 'fr' }))).toBe('invalid_locale');
    expect(codeOf(() => decideProfileChanges(profile, { country: 'USA' }))).toBe('invalid_country');
    expect(codeOf(() => decideProfileChanges(profile, { display_name: ' ' }))).toBe(
      'invalid_display_name',
    );
  });
});
