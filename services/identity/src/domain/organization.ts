import {
  DomainError,
  OTP_CHANNELS,
  PLATFORM_LOCALES,
  type CreateOrganizationCommand,
  type Organization,
  type OrganizationCreated,
} from '@platform/contracts';

export interface CreateOrganization extends CreateOrganizationCommand {
  type: 'create_organization';
  org_id: string;
}

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const DEFAULT_TIMEZONE = 'America/New_York';

export function isTimezone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.includes('/') || name === 'UTC';
  } catch {
    return false;
  }
}

function oneOf<T extends string>(
  values: readonly T[],
  value: string | undefined,
  fallback: T,
  code: 'invalid_locale' | 'invalid_channel',
): T {
  if (value === undefined) return fallback;
  if ((values as readonly string[]).includes(value)) return value as T;
  throw new DomainError(code, `must be one of ${values.join(', ')}`);
}

/** Decides the organization a create command makes, or why it cannot be made. */
export function decideCreateOrganization(
  command: CreateOrganization,
  slug_taken: boolean,
): Organization {
  if (!SLUG.test(command.slug)) {
    throw new DomainError(
      'invalid_request',
      'slug must be 1-63 lowercase letters, digits or dashes',
    );
  }
  if (slug_taken) throw new DomainError('duplicate', `organization ${command.slug} already exists`);
  const name = command.name.trim();
  if (name.length === 0 || name.length > 200)
    throw new DomainError('invalid_name', 'name must have 1 to 200 characters');
  const timezone = command.timezone ?? DEFAULT_TIMEZONE;
  if (!isTimezone(timezone))
    throw new DomainError('invalid_request', 'timezone must be an IANA time zone name');
  return {
    org_id: command.org_id,
    slug: command.slug,
    name,
    timezone,
    locale: oneOf(PLATFORM_LOCALES, command.locale, 'en', 'invalid_locale'),
    otp_channel_floor: oneOf(OTP_CHANNELS, command.otp_channel_floor, 'sms', 'invalid_channel'),
    login_otp_required: command.login_otp_required ?? false,
    branding: command.branding ?? {},
  };
}

/** The public part of an organization that its creation event carries. */
export function organizationCreatedData(organization: Organization): OrganizationCreated {
  const { org_id, slug, name, timezone, locale } = organization;
  return { org_id, slug, name, timezone, locale };
}

/** Decisions D2: every environment starts with this organization. */
export const DEMO_ORGANIZATION: Omit<CreateOrganization, 'org_id'> = {
  type: 'create_organization',
  slug: 'demo',
  name: 'Demo',
  timezone: DEFAULT_TIMEZONE,
  locale: 'en',
  otp_channel_floor: 'sms',
  login_otp_required: false,
};
