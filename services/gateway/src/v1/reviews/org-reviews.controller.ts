import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { REVIEW_COMMANDS, reviewDecisionBody, type ReviewDecisionBody } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiReply, ApiZodBody, ValidatedBody } from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentOrgAdmin, type OrgAdminPrincipal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';

export const REVIEW_DECISION_DESCRIPTION = [
  '`{decision: approve | reject | request_info, comment}`. Release needs two approvals by',
  'different reviewers (an organization admin and another admin, or the operator); then the',
  'payout is debited and dispatched. `reject` fails it before any debit. `request_info` (needs',
  '`comment`, the question shown to the client) moves the review to `info_requested` until the',
  "client answers. 404 `not_found` (also another organization's review); 409 `already_decided`.",
].join(' ');

/** Organization admins decide their organization's firewall reviews (decisions D8). */
@ApiTags('organization')
@ApiCredentials()
@RequireCredentialLevel('org_admin')
@Controller('v1/org/reviews')
export class OrgReviewsController {
  constructor(private readonly bus: BusClient) {}

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
