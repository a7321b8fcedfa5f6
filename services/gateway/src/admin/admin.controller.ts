import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { z } from 'zod';
import { BusClient } from '@platform/messaging';
import { ValidatedBody, ValidatedQuery } from '../http';
import { OperatorGuard } from './operator.guard';

const createOrganizationBody = z
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
const createAdminBody = z.object({ email: z.string(), password: z.string() }).strict();
const mailboxQuery = z
  .object({ account_id: z.string().optional(), limit: z.coerce.number().int().min(1).max(1000).default(100) })
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
  createOrganization(@ValidatedBody(createOrganizationBody) body: z.infer<typeof createOrganizationBody>) {
    return this.bus.send('identity.create_organization', body);
  }

  @Get('organizations')
  listOrganizations() {
    return this.bus.send('identity.list_organizations', {});
  }

  @Post('organizations/:slug/admins')
  @HttpCode(201)
  createAdmin(@Param('slug') slug: string, @ValidatedBody(createAdminBody) body: z.infer<typeof createAdminBody>) {
    return this.bus.send('identity.create_org_admin', { org: slug, ...body });
  }

  @Get('organizations/:slug/admins')
  listAdmins(@Param('slug') slug: string) {
    return this.bus.send('identity.list_org_admins', { org: slug });
  }

  @Get('mailbox')
  listMailbox(@ValidatedQuery(mailboxQuery) query: z.infer<typeof mailboxQuery>) {
    return this.bus.send('notifications.list_mailbox', { account_id: query.account_id ?? null, limit: query.limit });
  }
}
