import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { REVIEW_COMMANDS, reviewDecisionBody, type ReviewDecisionBody } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiReply, ValidatedBody } from '../http';
import { OperatorGuard } from './operator.guard';

/**
 * The operator's decisions on firewall reviews, every organization's (decisions D8): one of the
 * two approvals a release needs, a rejection, or a request for information. The payout routes
 * `POST /admin/v1/payouts/{id}/review/release|reject` remain the operator's shortcut: they end
 * the review at once (release without a second approval), for an urgent case.
 */
@ApiExcludeController()
@UseGuards(OperatorGuard)
@Controller('admin/v1/reviews')
export class ReviewsAdminController {
  constructor(private readonly bus: BusClient) {}

  @Post(':id/decision')
  @HttpCode(200)
  @ApiReply(REVIEW_COMMANDS.decide)
  decide(
    @Param('id') review_id: string,
    @ValidatedBody(reviewDecisionBody) body: ReviewDecisionBody,
  ) {
    return this.bus.send(REVIEW_COMMANDS.decide, {
      review_id,
      org_id: null,
      reviewer: 'operator',
      decision: body.decision,
      comment: body.comment ?? '',
    });
  }
}
