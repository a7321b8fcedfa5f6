import type { AccountType, Environment, KycStatus } from '@platform/contracts';

/** The services an account may use, as `GET /v1/services` lists them. */
export const ACCOUNT_SERVICES = [
  'payouts',
  'payins',
  'transfers',
  'swaps',
  'crypto',
  'webhooks',
  'api_keys',
  'members',
] as const;
export type AccountService = (typeof ACCOUNT_SERVICES)[number];

/** Why a service is off for an account: the error its routes answer. */
export type ServiceBlock = 'account_blocked' | 'verification_required' | 'company_only';

export interface ServiceEntry {
  name: AccountService;
  enabled: boolean;
  /** The error code the service's routes answer while it is off; null when enabled. */
  disabled_reason: ServiceBlock | null;
}

export interface AccountFacts {
  type: AccountType;
  status: 'pending_verification' | 'active';
  kyc_status: KycStatus;
}

function blockOf(service: AccountService, account: AccountFacts): ServiceBlock | null {
  if (account.status !== 'active') return 'account_blocked';
  switch (service) {
    case 'payins':
      // Spec §5 rule 11: collections need an approved identity verification.
      return account.kyc_status === 'approved' ? null : 'verification_required';
    case 'members':
      return account.type === 'company' ? null : 'company_only';
    case 'payouts':
    case 'transfers':
    case 'swaps':
    case 'crypto':
    case 'webhooks':
    case 'api_keys':
      return null;
    default: {
      const unhandled: never = service;
      throw new Error(`unknown service ${String(unhandled)}`);
    }
  }
}

/** Every service with its flag, in catalog order. */
export function servicesOf(account: AccountFacts): ServiceEntry[] {
  return ACCOUNT_SERVICES.map((name) => {
    const disabled_reason = blockOf(name, account);
    return { name, enabled: disabled_reason === null, disabled_reason };
  });
}

export const INTEGRATION_CHECKS = [
  'account_active',
  'identity_verified',
  'api_key_issued',
] as const;
export type IntegrationCheck = (typeof INTEGRATION_CHECKS)[number];

/** `GET /v1/integration-status`: what identity knows of an account's readiness to integrate. */
export interface IntegrationStatus {
  account_id: string;
  livemode: boolean;
  account_status: AccountFacts['status'];
  kyc_status: KycStatus;
  api_keys_count: number;
  checks: Record<IntegrationCheck, boolean>;
  /** The checks not yet met, in catalog order. */
  missing: IntegrationCheck[];
  /** True when every check is met: the account can move money through the API. */
  eligible: boolean;
}

export function integrationStatusOf(
  account: AccountFacts & { id: string },
  api_keys_count: number,
  environment: Environment,
): IntegrationStatus {
  const checks: Record<IntegrationCheck, boolean> = {
    account_active: account.status === 'active',
    identity_verified: account.kyc_status === 'approved',
    api_key_issued: api_keys_count > 0,
  };
  const missing = INTEGRATION_CHECKS.filter((check) => !checks[check]);
  return {
    account_id: account.id,
    livemode: environment === 'live',
    account_status: account.status,
    kyc_status: account.kyc_status,
    api_keys_count,
    checks,
    missing,
    eligible: missing.length === 0,
  };
}

/** `GET /v1/branding`. */
export interface Branding {
  name: string;
  slug: string;
  timezone: string;
  default_locale: string;
  logo_url: string | null;
  /** The organization's `*_color` branding entries, such as `primary_color`. */
  colors: Record<string, string>;
}

export function brandingOf(organization: {
  name: string;
  slug: string;
  timezone: string;
  locale: string;
  branding: Record<string, string>;
}): Branding {
  const colors = Object.fromEntries(
    Object.entries(organization.branding).filter(([key]) => key.endsWith('_color')),
  );
  return {
    name: organization.name,
    slug: organization.slug,
    timezone: organization.timezone,
    default_locale: organization.locale,
    logo_url: organization.branding.logo_url ?? null,
    colors,
  };
}
