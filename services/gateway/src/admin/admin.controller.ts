import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { z } from 'zod';
import {
  createOrganizationCommand,
  createOrgAdminCommand,
  IDENTITY_COMMANDS,
  NOTIFICATIONS_COMMANDS,
  type CreateOrganizationCommand,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiReply, ValidatedBody, ValidatedQuery } from '../http';
import { OperatorGuard } from './operator.guard';

const createAdminBody = createOrgAdminCommand.omit({ org: true });
const mailboxQuery = z
  .object({
    account_id: z.string().optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
  })
  .strict();

/**
 * The platform operator's surface (decisions D2, D3), used by the CLI. Not part of the public
 * API document: it authenticates with the operator token, never an account credential.
 */
@ApiExcludeController()
@UseGuards(OperatorGuard)
@Controller('admin/v1')
export class AdminController {
  constructor(private readonly bus: BusClient) {}

  @Post('organizations')
  @HttpCode(201)
  @ApiReply(IDENTITY_COMMANDS.create_organization, 201)
  createOrganization(@ValidatedBody(createOrganizationCommand) body: CreateOrganizationCommand) {
    return this.bus.send(IDENTITY_COMMANDS.create_organization, body);
  }

  @Get('organizations')
  @ApiReply(IDENTITY_COMMANDS.list_organizations)
  listOrganizations() {
    return this.bus.send(IDENTITY_COMMANDS.list_organizations, {});
  }

  @Post('organizations/:slug/admins')
  @HttpCode(201)
  @ApiReply(IDENTITY_COMMANDS.create_org_admin, 201)
  createAdmin(
    @Param('slug') slug: string,
    @ValidatedBody(createAdminBody) body: z.infer<typeof createAdminBody>,
  ) {
    return this.bus.send(IDENTITY_COMMANDS.create_org_admin, { org: slug, ...body });
  }

  @Get('organizations/:slug/admins')
  @ApiReply(IDENTITY_COMMANDS.list_org_admins)
  listAdmins(@Param('slug') slug: string) {
    return this.bus.send(IDENTITY_COMMANDS.list_org_admins, { org: slug });
  }

  @Get('mailbox')
  @ApiReply(NOTIFICATIONS_COMMANDS.list_mailbox)
  listMailbox(@ValidatedQuery(mailboxQuery) query: z.infer<typeof mailboxQuery>) {
    return this.bus.send(NOTIFICATIONS_COMMANDS.list_mailbox, {
      account_id: query.account_id ?? null,
      limit: query.limit,
    });
  }
}
