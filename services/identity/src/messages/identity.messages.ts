import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { DomainError } from '@platform/contracts';
import type { BusContext } from '@platform/messaging';
import { OrganizationsService } from '../application/organizations.service';

const createOrganizationSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    timezone: z.string().optional(),
    locale: z.string().optional(),
    otp_channel_floor: z.string().optional(),
    login_otp_required: z.boolean().optional(),
    branding: z.record(z.string(), z.string()).optional(),
  })
  .strict();
const createAdminSchema = z.object({ org: z.string(), email: z.string(), password: z.string() }).strict();
const listAdminsSchema = z.object({ org: z.string() }).strict();

function parse<T>(schema: z.ZodType<T>, payload: unknown): T {
  const result = schema.safeParse(payload);
  if (!result.success) throw new DomainError('invalid_request', result.error.issues[0]?.message ?? 'invalid request');
  return result.data;
}

/** Identity's door on the bus. */
@Controller()
export class IdentityMessages {
  constructor(private readonly organizations: OrganizationsService) {}

  @MessagePattern('identity.get_health')
  health(): { service: string; status: 'ok' } {
    return { service: 'identity', status: 'ok' };
  }

  @MessagePattern('identity.create_organization')
  createOrganization(@Payload() payload: unknown, @Ctx() context: BusContext) {
    const correlation_id = context.getHeaders()['correlation-id'] ?? null;
    return this.organizations.create(parse(createOrganizationSchema, payload), correlation_id);
  }

  @MessagePattern('identity.list_organizations')
  async listOrganizations() {
    return { organizations: await this.organizations.list() };
  }

  @MessagePattern('identity.create_org_admin')
  createOrgAdmin(@Payload() payload: unknown) {
    return this.organizations.createAdmin(parse(createAdminSchema, payload));
  }

  @MessagePattern('identity.list_org_admins')
  async listOrgAdmins(@Payload() payload: unknown) {
    return { admins: await this.organizations.listAdmins(parse(listAdminsSchema, payload).org) };
  }
}
