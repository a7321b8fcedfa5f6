import { brandingOf, integrationStatusOf, servicesOf } from './account-settings';

const approved_person = { type: 'person', status: 'active', kyc_status: 'approved' } as const;

describe('servicesOf', () => {
  it('enables everything but members for an approved person', () => {
    const services = servicesOf(approved_person);
    expect(services.map((s) => s.name)).toEqual([
      'payouts',
      'payins',
      'transfers',
      'swaps',
      'crypto',
      'webhooks',
      'api_keys',
      'members',
    ]);
    expect(services.filter((s) => !s.enabled)).toEqual([
      { name: 'members', enabled: false, disabled_reason: 'company_only' },
    ]);
  });

  it('keeps payins off until verification is approved', () => {
    const payins = servicesOf({ type: 'company', status: 'active', kyc_status: 'none' }).find(
      (s) => s.name === 'payins',
    );
    expect(payins).toEqual({
      name: 'payins',
      enabled: false,
      disabled_reason: 'verification_required',
    });
  });

  it.each(['pending_verification', 'blocked'] as const)(
    'turns every service off for an account %s',
    (status) => {
      const services = servicesOf({ ...approved_person, status });
      expect(services.every((s) => !s.enabled && s.disabled_reason === 'account_blocked')).toBe(
        true,
      );
    },
  );
});

describe('integrationStatusOf', () => {
  it('lists the unmet checks', () => {
    const status = integrationStatusOf({ ...approved_person, id: 'a' }, 0, 'test');
    expect(status).toMatchObject({
      livemode: false,
      api_keys_count: 0,
      missing: ['api_key_issued'],
      eligible: false,
    });
  });

  it('is not eligible while the operator blocks the account', () => {
    const status = integrationStatusOf(
      { ...approved_person, status: 'blocked', id: 'a' },
      2,
      'live',
    );
    expect(status).toMatchObject({
      account_status: 'blocked',
      missing: ['account_active'],
      eligible: false,
    });
  });

  it('is eligible with every check met', () => {
    const status = integrationStatusOf({ ...approved_person, id: 'a' }, 2, 'live');
    expect(status).toMatchObject({ livemode: true, missing: [], eligible: true });
  });
});

describe('brandingOf', () => {
  it('exposes the logo and the *_color entries only', () => {
    expect(
      brandingOf({
        name: 'Demo',
        slug: 'demo',
        timezone: 'America/New_York',
        locale: 'en',
        branding: {
          logo_url: 'https://cdn.example/logo.png',
          primary_color: '#123456',
          motto: 'x',
        },
      }),
    ).toEqual({
      name: 'Demo',
      slug: 'demo',
      timezone: 'America/New_York',
      default_locale: 'en',
      logo_url: 'https://cdn.example/logo.png',
      colors: { primary_color: '#123456' },
    });
  });
});
