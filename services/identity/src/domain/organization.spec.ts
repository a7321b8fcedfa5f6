import {
  decideCreateOrganization,
  DEMO_ORGANIZATION,
  organizationCreatedData,
} from './organization';

const base = {
  type: 'create_organization' as const,
  org_id: '7b0c1f38-8a43-4d8c-9a53-6f7bcb4b7f0a',
  slug: 'acme',
  name: 'Acme',
};

describe('decideCreateOrganization', () => {
  it('fills the defaults of decisions D2', () => {
    expect(decideCreateOrganization(base, false)).toEqual({
      org_id: base.org_id,
      slug: 'acme',
      name: 'Acme',
      timezone: 'America/New_York',
      locale: 'en',
      otp_channel_floor: 'sms',
      login_otp_required: false,
      branding: {},
    });
  });
  it('refuses a taken slug, a bad slug, name, timezone, locale or channel with their codes', () => {
    expect(() => decideCreateOrganization(base, true)).toThrow(
      expect.objectContaining({ code: 'duplicate' }),
    );
    expect(() => decideCreateOrganization({ ...base, slug: 'Bad Slug' }, false)).toThrow(
      expect.objectContaining({ code: 'invalid_request' }),
    );
    expect(() => decideCreateOrganization({ ...base, name: '  ' }, false)).toThrow(
      expect.objectContaining({ code: 'invalid_name' }),
    );
    expect(() => decideCreateOrganization({ ...base, timezone: 'Mars/Olympus' }, false)).toThrow(
      expect.objectContaining({ code: 'invalid_request' }),
    );
    expect(() => decideCreateOrganization({ ...base, locale: 'fr' }, false)).toThrow(
      expect.objectContaining({ code: 'invalid_locale' }),
    );
    expect(() => decideCreateOrganization({ ...base, otp_channel_floor: 'pigeon' }, false)).toThrow(
      expect.objectContaining({ code: 'invalid_channel' }),
    );
  });
  it('puts only the public fields in the creation event', () => {
    const organization = decideCreateOrganization(
      { ...base, ...DEMO_ORGANIZATION, org_id: base.org_id },
      false,
    );
    expect(organizationCreatedData(organization)).toEqual({
      org_id: base.org_id,
      slug: 'demo',
      name: 'Demo',
      timezone: 'America/New_York',
      locale: 'en',
    });
  });
});
