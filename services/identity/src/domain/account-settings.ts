import {
  ACCOUNT_SERVICES,
  INTEGRATION_CHECKS,
  type AccountService,
  type AccountStatus,
  type AccountType,
  type Branding,
  type Environment,
  type IntegrationCheck,
  type IntegrationStatus,
  type KycStatus,
  type ServiceBlock,
  type ServiceEntry,
} from '@platform/contracts';

export interface AccountFacts {
  type: AccountType;
  status: AccountStatus;
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
