import {
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { REVIEW_COMMANDS, reviewDecisionBody, type ReviewDecisionBody } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import type { TransferArea } from '@platform/object-storage';
import { TRANSFER_AREA } from '@platform/runtime';
import { ApiReply, ValidatedBody, type PaginationQuery } from '../http';
import { reviewQueue, sendReviewFile } from '../v1/reviews/review-routes';
import { OperatorGuard } from './operator.guard';

const OPERATOR = { operator: true } as const;

/**
 * The operator's side of firewall reviews, every organization's (decisions D8): the queue, one
 * review and its files, and decisions (one of the two approvals a release needs, a rejection,
 * or a request for information). The payout routes `POST /admin/v1/payouts/{id}/review/
 * release|reject` remain the operator's shortcut: they end the review at once (release without
 * a second approval), for an urgent case.
 */
@ApiExcludeController()
@UseGuards(OperatorGuard)
@Controller('admin/v1/reviews')
export class ReviewsAdminController {
  constructor(
    private readonly bus: BusClient,
    @Inject(TRANSFER_AREA) private readonly transfers: TransferArea,
  ) {}

  /** Every organization's reviews, newest first; `?status=` (else 400 `invalid_status`). */
  @Get()
  list(@Query() query: PaginationQuery & { status?: unknown }) {
    return reviewQueue(this.bus, OPERATOR, query);
  }

  @Get(':id')
  @ApiReply(REVIEW_COMMANDS.reviewer_get)
  get(@Param('id') review_id: string) {
    return this.bus.send(REVIEW_COMMANDS.reviewer_get, { review_id, scope: OPERATOR });
  }

  @Get(':id/files/:file_id')
  file(
    @Param('id') review_id: string,
    @Param('file_id') file_id: string,
    @Res() reply: FastifyReply,
  ) {
    return sendReviewFile(this.bus, this.transfers, reply, { review_id, file_id, scope: OPERATOR });
  }

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
