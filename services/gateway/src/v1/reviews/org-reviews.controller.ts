import { Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  EVIDENCE_CONTENT_TYPES,
  REVIEW_COMMANDS,
  REVIEW_STATUSES,
  reviewDecisionBody,
  reviewerReviewResource,
  type ReviewDecisionBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import type { TransferArea } from '@platform/object-storage';
import { TRANSFER_AREA } from '@platform/runtime';
import {
  ApiCredentials,
  ApiFileReply,
  ApiPagination,
  ApiReply,
  ApiZodBody,
  listingPage,
  ValidatedBody,
  type PaginationQuery,
} from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentOrgAdmin, type OrgAdminPrincipal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';
import {
  REVIEW_FILE_DESCRIPTION,
  REVIEW_QUEUE_DESCRIPTION,
  reviewQueue,
  sendReviewFile,
} from './review-routes';

export const REVIEW_DECISION_DESCRIPTION = [
  '`{decision: approve | reject | request_info, comment}`. Release needs two approvals by',
  'different reviewers (an organization admin and another admin, or the operator); then the',
  'payout is debited and dispatched. `reject` fails it before any debit. `request_info` (needs',
  '`comment`, the question shown to the client) moves the review to `info_requested` until the',
  "client answers. 404 `not_found` (also another organization's review); 409 `already_decided`.",
].join(' ');

/** Organization admins review their organization's firewall reviews (decisions D8). */
@ApiTags('organization')
@ApiCredentials()
@RequireCredentialLevel('org_admin')
@Controller('v1/org/reviews')
export class OrgReviewsController {
  constructor(
    private readonly bus: BusClient,
    @Inject(TRANSFER_AREA) private readonly transfers: TransferArea,
  ) {}

  @Get()
  @ApiOperation({
    summary: "The organization's firewall reviews",
    description: `Organization admins only (403 \`org_admin_required\`). ${REVIEW_QUEUE_DESCRIPTION}`,
  })
  @ApiPagination()
  @ApiQuery({
    name: 'status',
    required: false,
    schema: { type: 'string', enum: [...REVIEW_STATUSES] },
  })
  @ApiReply(listingPage('reviews', reviewerReviewResource))
  @ApiErrors('invalid_request', 'invalid_status', 'unauthorized', 'org_admin_required')
  list(
    @CurrentOrgAdmin() admin: OrgAdminPrincipal,
    @Query() query: PaginationQuery & { status?: unknown },
  ) {
    return reviewQueue(this.bus, { org_id: admin.org_id }, query);
  }

  @Get(':id')
  @ApiOperation({
    summary: "Read one of the organization's firewall reviews",
    description:
      'The review as its account sees it, with `account_id`. 404 `not_found` (also another ' +
      "organization's review).",
  })
  @ApiReply(REVIEW_COMMANDS.reviewer_get)
  @ApiErrors('invalid_request', 'unauthorized', 'org_admin_required', 'not_found')
  get(@CurrentOrgAdmin() admin: OrgAdminPrincipal, @Param('id') review_id: string) {
    return this.bus.send(REVIEW_COMMANDS.reviewer_get, {
      review_id,
      scope: { org_id: admin.org_id },
    });
  }

  @Get(':id/files/:file_id')
  @ApiOperation({
    summary: 'Download a firewall review file',
    description: REVIEW_FILE_DESCRIPTION,
  })
  @ApiFileReply(EVIDENCE_CONTENT_TYPES, 'the file, under the type read from its bytes')
  @ApiErrors('invalid_request', 'unauthorized', 'org_admin_required', 'not_found')
  file(
    @CurrentOrgAdmin() admin: OrgAdminPrincipal,
    @Param('id') review_id: string,
    @Param('file_id') file_id: string,
    @Res() reply: FastifyReply,
  ) {
    return sendReviewFile(this.bus, this.transfers, reply, {
      review_id,
      file_id,
      scope: { org_id: admin.org_id },
    });
  }

  @Post(':id/decision')
  @HttpCode(200)
  @ApiOperation({ summary: 'Decide a firewall review', description: REVIEW_DECISION_DESCRIPTION })
  @ApiZodBody(reviewDecisionBody)
  @ApiReply(REVIEW_COMMANDS.decide)
  @ApiErrors(
    'invalid_json',
    'invalid_request',
    'unauthorized',
    'org_admin_required',
    'not_found',
    'already_decided',
  )
  decide(
    @CurrentOrgAdmin() admin: OrgAdminPrincipal,
    @Param('id') review_id: string,
    @ValidatedBody(reviewDecisionBody) body: ReviewDecisionBody,
  ) {
    return this.bus.send(REVIEW_COMMANDS.decide, {
      review_id,
      org_id: admin.org_id,
      reviewer: `org_admin:${admin.admin_id}`,
      decision: body.decision,
      comment: body.comment ?? '',
    });
  }
}
