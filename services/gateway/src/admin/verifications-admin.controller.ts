import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  VERIFICATION_COMMANDS,
  verificationDecisionBody,
  type VerificationDecisionBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiReply, pageBody, parsePagination, ValidatedBody, type PaginationQuery } from '../http';
import { verificationStatusFilter } from '../v1/verification/verification-status-filter';
import { OperatorGuard } from './operator.guard';

/** The operator's review of identity verifications, every organization's (decisions D8). */
@ApiExcludeController()
@UseGuards(OperatorGuard)
@Controller('admin/v1/verifications')
export class VerificationsAdminController {
  constructor(private readonly bus: BusClient) {}

  /** `?status=pending` is the review queue. */
  @Get()
  async list(@Query() query: PaginationQuery & { status?: unknown }) {
    const pagination = parsePagination(query);
    const status = verificationStatusFilter(query.status);
    const reply = await this.bus.send(VERIFICATION_COMMANDS.list, {
      org_id: null,
      ...(status ? { status } : {}),
      limit: pagination.limit,
      offset: pagination.offset,
    });
    return pageBody('verifications', pagination, reply.verifications);
  }

  /** The account may verify again (after a rejection, or to renew an approval). */
  @Post('accounts/:account_id/reopen')
  @HttpCode(200)
  @ApiReply(VERIFICATION_COMMANDS.reopen)
  reopen(@Param('account_id') account_id: string) {
    return this.bus.send(VERIFICATION_COMMANDS.reopen, {
      account_id,
      org_id: null,
      reviewer: 'operator',
    });
  }

  @Post(':submission_id/decision')
  @HttpCode(200)
  @ApiReply(VERIFICATION_COMMANDS.decide)
  decide(
    @Param('submission_id') submission_id: string,
    @ValidatedBody(verificationDecisionBody) body: VerificationDecisionBody,
  ) {
    return this.bus.send(VERIFICATION_COMMANDS.decide, {
      ...body,
      submission_id,
      org_id: null,
      reviewer: 'operator',
    });
  }
}
