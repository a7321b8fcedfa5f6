import { Controller, Inject } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  DomainError,
  IDENTITY_DIRECTORY_QUERIES,
  type GetOrgSettingsQuery,
  type OrgSettings,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { SERVICE_POOL } from '@platform/runtime';

/** `identity.get_org_settings`: what other services need of an organization (its timezone). */
@Controller()
export class OrgSettingsMessages {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  @Handles(IDENTITY_DIRECTORY_QUERIES.get_org_settings)
  async orgSettings({ org_id, account_id }: GetOrgSettingsQuery): Promise<OrgSettings> {
    const { rows } = await this.pool.query<OrgSettings>(
      `select o.id::text as org_id, o.slug, o.timezone, o.locale, a.locale as account_locale
         from organizations o
         left join accounts a on a.org_id = o.id and a.id::text = $2
        where o.id::text = $1`,
      [org_id, account_id ?? null],
    );
    const organization = rows[0];
    if (!organization) throw new DomainError('not_found', 'organization not found');
    return organization;
  }
}
