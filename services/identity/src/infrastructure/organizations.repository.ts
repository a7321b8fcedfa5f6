import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import type { PgEventStore } from '@platform/event-store';
import type { Organization, OtpChannel, PlatformLocale } from '@platform/contracts';
import { organizationCreatedData } from '../domain/organization';
import { IDENTITY_EVENTS } from './identity-store';

interface OrganizationRow {
  id: string;
  slug: string;
  name: string;
  timezone: string;
  locale: PlatformLocale;
  otp_channel_floor: OtpChannel;
  login_otp_required: boolean;
  branding: Record<string, string>;
}

function toOrganization(row: OrganizationRow): Organization {
  return {
    org_id: row.id,
    slug: row.slug,
    name: row.name,
    timezone: row.timezone,
    locale: row.locale,
    otp_channel_floor: row.otp_channel_floor,
    login_otp_required: row.login_otp_required,
    branding: row.branding,
  };
}

@Injectable()
export class OrganizationsRepository {
  constructor(
    @Inject(SERVICE_POOL) private readonly pool: Pool,
    @Inject(IDENTITY_EVENTS) private readonly events: PgEventStore,
  ) {}

  /**
   * Inserts the organization and appends its creation event in one transaction: the event is
   * published after commit by the relay. Returns false when the slug is taken.
   */
  async create(organization: Organization, correlation_id: string | null): Promise<boolean> {
    return withTransaction(this.pool, async (client) => {
      const inserted = await client.query(
        `insert into organizations (id, slug, name, timezone, locale, otp_channel_floor, login_otp_required, branding)
         values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (slug) do nothing`,
        [
          organization.org_id,
          organization.slug,
          organization.name,
          organization.timezone,
          organization.locale,
          organization.otp_channel_floor,
          organization.login_otp_required,
          JSON.stringify(organization.branding),
        ],
      );
      if (inserted.rowCount === 0) return false;
      await this.events.appendInTransaction(
        client,
        `organization-${organization.org_id}`,
        [
          {
            type: 'identity.organization_created',
            data: organizationCreatedData(organization),
            org_id: organization.org_id,
            correlation_id,
          },
        ],
        { expected_version: 'no_stream' },
      );
      return true;
    });
  }

  async findBySlug(slug: string): Promise<Organization | null> {
    const { rows } = await this.pool.query<OrganizationRow>(
      'select * from organizations where slug = $1',
      [slug],
    );
    return rows[0] ? toOrganization(rows[0]) : null;
  }

  async list(): Promise<Organization[]> {
    const { rows } = await this.pool.query<OrganizationRow>(
      'select * from organizations order by created_at, slug',
    );
    return rows.map(toOrganization);
  }
}
