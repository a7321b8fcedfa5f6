import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  VERIFICATION_COMMANDS,
  VERIFICATION_LIST_STATUSES,
  verificationDecisionBody,
  verificationSummary,
  type VerificationDecisionBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiCredentials,
  ApiPagination,
  ApiReply,
  ApiZodBody,
  listingPage,
  pageBody,
  parsePagination,
  ValidatedBody,
  type PaginationQuery,
} from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentOrgAdmin, type OrgAdminPrincipal } from '../../auth/principal';
import { verificationStatusFilter } from './verification-status-filter';

/** Organization admins review their organization's identity verifications (decisions D8). */
@ApiTags('organization')
@ApiCredentials()
@RequireCredentialLevel('org_admin')
@Controller('v1/org/verifications')
export class OrgVerificationsController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  @ApiPagination()
  @ApiQuery({
    name: 'status',
    required: false,
    schema: { type: 'string', enum: [...VERIFICATION_LIST_STATUSES] },
  })
  @ApiReply(listingPage('verifications', verificationSummary))
  @ApiOperation({
    summary: "The organization's identity verifications",
    description:
      'Organization admins only (403 `org_admin_required`). Submitted verifications, newest ' +
      'first; `status=pending` is the review queue (`awaiting_review: true` awaits a decision). ' +
      '400 `invalid_status`.',
  })
  async list(
    @CurrentOrgAdmin() admin: OrgAdminPrincipal,
    @Query() query: PaginationQuery & { status?: unknown },
  ) {
    const pagination = parsePagination(query);
    const status = verificationStatusFilter(query.status);
    const reply = await this.bus.send(VERIFICATION_COMMANDS.list, {
      org_id: admin.org_id,
      ...(status ? { status } : {}),
      limit: pagination.limit,
      offset: pagination.offset,
    });
    return pageBody('verifications', pagination, reply.verifications);
  }

  @Post('accounts/:account_id/reopen')
  @HttpCode(200)
  @ApiReply(VERIFICATION_COMMANDS.reopen)
  @ApiOperation({
    summary: "Reopen an account's identity verification",
    description:
      'The account’s status goes back to `none` and it may ask for a new link: after a ' +
      'rejection (`verification_rejected_requires_admin`), or to renew an approval. 404 ' +
      "`not_found` (also another organization's account); 409 `duplicate` while a submission " +
      'is under review (decide it instead).',
  })
  reopen(@CurrentOrgAdmin() admin: OrgAdminPrincipal, @Param('account_id') account_id: string) {
    return this.bus.send(VERIFICATION_COMMANDS.reopen, {
      account_id,
      org_id: admin.org_id,
      reviewer: `org_admin:${admin.admin_id}`,
    });
  }

  @Post(':submission_id/decision')
  @HttpCode(200)
  @ApiZodBody(verificationDecisionBody)
  @ApiReply(VERIFICATION_COMMANDS.decide)
  @ApiOperation({
    summary: 'Decide an identity verification',
    description:
      '`{decision: approve | reject | request_changes, comments?}` (`request_changes` needs ' +
      'comments, shown to the person). Approval sets the account’s `kyc_status: approved` and ' +
      'back-fills `display_name`, `tax_id` and `country`. 404 `not_found` (also another ' +
      "organization's), 409 `already_decided`.",
  })
  decide(
    @CurrentOrgAdmin() admin: OrgAdminPrincipal,
    @Param('submission_id') submission_id: string,
    @ValidatedBody(verificationDecisionBody) body: VerificationDecisionBody,
  ) {
    return this.bus.send(VERIFICATION_COMMANDS.decide, {
      ...body,
      submission_id,
      org_id: admin.org_id,
      reviewer: `org_admin:${admin.admin_id}`,
    });
  }
}
