import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  decideCreditDisputeBody,
  RISK_DISPUTE_COMMANDS,
  type DecideCreditDisputeBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiReply, ValidatedBody } from '../http';
import { OperatorGuard } from './operator.guard';

/**
 * The operator's dispute desk of credit scoring (decisions D10): any account's report-factor
 * dispute, resolved in the subject's favour (the factor is neutralized in later evaluations) or
 * rejected. A dispute is decided once (409 `already_decided`).
 */
@ApiExcludeController()
@UseGuards(OperatorGuard)
@Controller('admin/v1/qscore/disputes')
export class QscoreDisputesAdminController {
  constructor(private readonly bus: BusClient) {}

  @Post(':id/decision')
  @HttpCode(200)
  @ApiReply(RISK_DISPUTE_COMMANDS.decide)
  decide(
    @Param('id') dispute_id: string,
    @ValidatedBody(decideCreditDisputeBody) body: DecideCreditDisputeBody,
  ) {
    return this.bus.send(RISK_DISPUTE_COMMANDS.decide, {
      dispute_id,
      account_id: null,
      decision: body.decision,
      note: body.note ?? '',
    });
  }
}
