import { Controller, Get, Headers, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ANNOUNCEMENT_COMMANDS,
  announcementBody,
  announcementResource,
  type AnnouncementBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiCredentials,
  ApiPagination,
  ApiReply,
  ApiZodBody,
  idempotencyKeyOf,
  listingPage,
  pageBody,
  parsePagination,
  ValidatedBody,
  type PaginationQuery,
} from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentOrgAdmin, type OrgAdminPrincipal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';

/** Organization admins' announcements to every account of their organization. */
@ApiTags('organization')
@ApiCredentials()
@RequireCredentialLevel('org_admin')
@Controller('v1/org/announcements')
export class OrgAnnouncementsController {
  constructor(private readonly bus: BusClient) {}

  @Post()
  @HttpCode(201)
  @ApiZodBody(announcementBody)
  @ApiReply(announcementResource, 201, 'sent to every active account of the organization')
  @ApiOperation({
    summary: 'Send an announcement to every account of the organization',
    description:
      'Organization admins only (account credentials: 403 `org_admin_required`). Each active ' +
      'account of the organization receives the public event `admin_announcement` ' +
      '`{broadcast_id, subject, body}` on its webhooks and event stream, with `body` in the ' +
      "account's language when written (`en` is required; `es`, `zh` optional), else in the " +
      "organization's, else English. Subject and body are delivered as plain text: HTML is " +
      'stripped (scripts, styles and images dropped, links keep their text); a field with no ' +
      'text left is 400 `invalid_request`. Subject up to 200 characters, each body up to 5,000. ' +
      'The same `idempotency_key` (body or `Idempotency-Key` header) sends it once and answers ' +
      'the first announcement again; with other words, 409 `idempotency_conflict`.',
  })
  @ApiErrors(
    'invalid_json',
    'invalid_request',
    'invalid_idempotency_key',
    'reserved_idempotency_key',
    'unauthorized',
    'org_admin_required',
    'idempotency_conflict',
  )
  broadcast(
    @CurrentOrgAdmin() admin: OrgAdminPrincipal,
    @ValidatedBody(announcementBody) body: AnnouncementBody,
    @Headers('idempotency-key') header_key: string | undefined,
  ) {
    const { idempotency_key, ...announcement } = body;
    return this.bus.send(ANNOUNCEMENT_COMMANDS.broadcast_announcement, {
      org_id: admin.org_id,
      admin_id: admin.admin_id,
      idempotency_key: idempotencyKeyOf(idempotency_key, header_key) ?? null,
      announcement,
    });
  }

  @Get()
  @ApiPagination()
  @ApiReply(listingPage('announcements', announcementResource))
  @ApiOperation({
    summary: "The organization's announcements",
    description:
      'Organization admins only. `{page, page_size, has_more, announcements: [{broadcast_id, subject, ' +
      'body, recipients, created_at}]}`, newest first, as delivered (plain text).',
  })
  @ApiErrors('unauthorized', 'org_admin_required')
  async list(@CurrentOrgAdmin() admin: OrgAdminPrincipal, @Query() query: PaginationQuery) {
    const pagination = parsePagination(query);
    const reply = await this.bus.send(ANNOUNCEMENT_COMMANDS.list_announcements, {
      org_id: admin.org_id,
      limit: pagination.limit,
      offset: pagination.offset,
    });
    return pageBody('announcements', pagination, reply.announcements);
  }
}
