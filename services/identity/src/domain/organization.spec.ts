import { DomainError } from '@platform/contracts';
import { decideCreateOrganization, DEMO_ORGANIZATION, organizationCreatedData } from './organization';

const base = { type: 'create_organization' as const, org_id: '7b0c1f38-8a43-4d8c-9a53-6f7bcb4b7f0a', slug: 'acme', name: 'Acme' };

function codeOf(work: () => unknown): string | undefined {
  try {
    work();
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a DomainError';
  }
  return undefined;
}

describe('decideCreateOrganization', () => {
  it('fills the defaults of decisions D2', () => {
    expect(decideCreateOrganization(base, false)).toEqual({
      org_id: base.org_id, slug: 'acme', name: 'Acme', timezone: 'America/New_York', locale: 'en',
      otp_channel_floor: 'sms', login_otp_required: false, branding: {},
    });
  });
  it('refuses a taken slug, a bad slug, name, timezone, locale or channel with their codes', () => {
    expect(codeOf(() => decideCreateOrganization(base, true))).toBe('duplicate');
    expect(codeOf(() => decideCreateOrganization({ ...base, slug: 'Bad Slug' }, false))).toBe('invalid_request');
    expect(codeOf(() => decideCreateOrganization({ ...base, name: '  ' }, false))).toBe('invalid_name');
    expect(codeOf(() => decideCreateOrganization({ ...base, timezone: 'Mars/Olympus' }, false))).toBe('invalid_request');
    expect(codeOf(() => decideCreateOrganization({ ...base, locale: 'fr' }, false))).toBe('invalid_locale');
    expect(codeOf(() => decideCreateOrganization({ ...base, otp_channel_floor: 'pigeon' }, false))).toBe('invalid_channel');
  });
  it('puts only the public fields in the creation event', () => {
    const organization = decideCreateOrganization({ ...base, ...DEMO_ORGANIZATION, org_id: base.org_id }, false);
    expect(organizationCreatedData(organization)).toEqual({ org_id: base.org_id, slug: 'demo', name: 'Demo', timezone: 'America/New_York', locale: 'en' });
  });
});
