import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  type Branding,
  type IntegrationStatus,
  type ServiceEntry,
} from '@platform/contracts';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { brandingOf, integrationStatusOf, servicesOf } from '../domain/account-settings';
import {
  AccountSettingsRepository,
  type AccountWithOrganization,
} from '../infrastructure/account-settings.repository';

/** Branding, services and integration status of an account (spec §4 "Account"). */
@Injectable()
export class AccountSettingsService {
  constructor(
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    private readonly settings: AccountSettingsRepository,
  ) {}

  async branding(account_id: string): Promise<Branding> {
    return this.organizationBranding((await this.requireAccount(account_id)).org_id);
  }

  async organizationBranding(org_id: string): Promise<Branding> {
    const organization = await this.settings.organization(org_id);
    if (!organization) throw new DomainError('not_found', 'the organization was not found');
    return brandingOf(organization);
  }

  async services(account_id: string): Promise<{ services: ServiceEntry[] }> {
    return { services: servicesOf(await this.requireAccount(account_id)) };
  }

  async integrationStatus(account_id: string): Promise<IntegrationStatus> {
    const account = await this.requireAccount(account_id);
    const api_keys = await this.settings.liveApiKeys(account_id);
    return integrationStatusOf(account, api_keys, this.context.environment);
  }

  private async requireAccount(account_id: string): Promise<AccountWithOrganization> {
    const account = await this.settings.account(account_id);
    if (!account) throw new DomainError('not_found', 'the account was not found');
    return account;
  }
}
