import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import {
  createOrganizationCommand,
  createOrgAdminCommand,
  IDENTITY_COMMANDS,
  listOrgAdminsCommand,
  parseCommand,
} from '@platform/contracts';
import type { BusContext } from '@platform/messaging';
import { OrganizationsService } from '../application/organizations.service';

/** Identity's door on the bus. */
@Controller()
export class IdentityMessages {
  constructor(private readonly organizations: OrganizationsService) {}

  @MessagePattern('identity.get_health')
  health(): { service: string; status: 'ok' } {
    return { service: 'identity', status: 'ok' };
  }

  @MessagePattern(IDENTITY_COMMANDS.create_organization)
  createOrganization(@Payload() payload: unknown, @Ctx() context: BusContext) {
    const correlation_id = context.getHeaders()['correlation-id'] ?? null;
    return this.organizations.create(
      parseCommand(createOrganizationCommand, payload),
      correlation_id,
    );
  }

  @MessagePattern(IDENTITY_COMMANDS.list_organizations)
  async listOrganizations() {
    return { organizations: await this.organizations.list() };
  }

  @MessagePattern(IDENTITY_COMMANDS.create_org_admin)
  createOrgAdmin(@Payload() payload: unknown) {
    return this.organizations.createAdmin(parseCommand(createOrgAdminCommand, payload));
  }

  @MessagePattern(IDENTITY_COMMANDS.list_org_admins)
  async listOrgAdmins(@Payload() payload: unknown) {
    return {
      admins: await this.organizations.listAdmins(parseCommand(listOrgAdminsCommand, payload).org),
    };
  }
}
