import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { AccountStatus, AccountType, KycStatus } from '@platform/contracts';
import { SERVICE_POOL } from '@platform/runtime';

export interface AccountWithOrganization {
  id: string;
  org_id: string;
  type: AccountType;
  status: AccountStatus;
  kyc_status: KycStatus;
}

export interface OrganizationBrandingRow {
  name: string;
  slug: string;
  timezone: string;
  locale: string;
  branding: Record<string, string>;
}

/** Reads for branding, services and integration status. */
@Injectable()
export class AccountSettingsRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  async account(account_id: string): Promise<AccountWithOrganization | null> {
    const { rows } = await this.pool.query<AccountWithOrganization>(
      'select id, org_id, type, status, kyc_status from accounts where id = $1',
      [account_id],
    );
    return rows[0] ?? null;
  }

  async organization(org_id: string): Promise<OrganizationBrandingRow | null> {
    const { rows } = await this.pool.query<OrganizationBrandingRow>(
      'select name, slug, timezone, locale, branding from organizations where id = $1',
      [org_id],
    );
    return rows[0] ?? null;
  }

  async liveApiKeys(account_id: string): Promise<number> {
    const { rows } = await this.pool.query<{ keys: number }>(
      'select count(*)::int as keys from api_keys where account_id = $1 and revoked_at is null',
      [account_id],
    );
    return rows[0]?.keys ?? 0;
  }
}
