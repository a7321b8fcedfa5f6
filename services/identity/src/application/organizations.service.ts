import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { hash } from '@node-rs/argon2';
import { DomainError, type OrgAdmin, type Organization } from '@platform/contracts';
import {
  decideCreateOrganization,
  DEMO_ORGANIZATION,
  type CreateOrganization,
} from '../domain/organization';
import { assertPasswordStrength, normalizeEmail } from '../domain/org-admin';
import { OrgAdminsRepository } from '../infrastructure/org-admins.repository';
import { OrganizationsRepository } from '../infrastructure/organizations.repository';

/** OWASP's Argon2id baseline: 19 MiB, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class OrganizationsService {
  constructor(
    private readonly organizations: OrganizationsRepository,
    private readonly admins: OrgAdminsRepository,
  ) {}

  async create(
    command: Omit<CreateOrganization, 'org_id' | 'type'>,
    correlation_id: string | null,
  ): Promise<Organization> {
    const existing = await this.organizations.findBySlug(command.slug);
    const organization = decideCreateOrganization(
      { ...command, type: 'create_organization', org_id: randomUUID() },
      existing !== null,
    );
    // Two racing creates of one slug: the unique index lets one in; the other is a duplicate.
    if (!(await this.organizations.create(organization, correlation_id))) {
      throw new DomainError('duplicate', `organization ${command.slug} already exists`);
    }
    return organization;
  }

  /** Decisions D2: each environment starts with `demo`; idempotent across restarts and replicas. */
  async seedDemo(): Promise<void> {
    if (await this.organizations.findBySlug(DEMO_ORGANIZATION.slug)) return;
    await this.create(DEMO_ORGANIZATION, null).catch((error: unknown) => {
      if (!(error instanceof DomainError && error.code === 'duplicate')) throw error;
    });
  }

  list(): Promise<Organization[]> {
    return this.organizations.list();
  }

  async createAdmin(request: { org: string; email: string; password: string }): Promise<OrgAdmin> {
    const organization = await this.requireOrganization(request.org);
    const email = normalizeEmail(request.email);
    assertPasswordStrength(request.password);
    const admin = { admin_id: randomUUID(), org_id: organization.org_id, email };
    const created = await this.admins.create({
      ...admin,
      password_hash: await hash(request.password, ARGON2_OPTIONS),
    });
    if (!created)
      throw new DomainError('duplicate', 'this organization already has an admin with that email');
    return { ...admin, created_at: new Date().toISOString() };
  }

  async listAdmins(org: string): Promise<OrgAdmin[]> {
    return this.admins.list((await this.requireOrganization(org)).org_id);
  }

  private async requireOrganization(slug: string): Promise<Organization> {
    const organization = await this.organizations.findBySlug(slug);
    if (!organization) throw new DomainError('unknown_org', 'no organization has that slug');
    return organization;
  }
}
