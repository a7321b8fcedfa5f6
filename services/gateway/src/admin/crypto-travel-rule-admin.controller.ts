import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { z } from 'zod';
import {
  CRYPTO_WITHDRAWAL_COMMANDS,
  DomainError,
  TRAVEL_RULE_TRANSFER_STATUSES,
  travelRuleDecisionBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiReply, ValidatedBody } from '../http';
import { OperatorGuard } from './operator.guard';

const MAX_LISTED = 500;

/**
 * The operator's desk for the live Travel Rule (no Travel Rule network is connected): the hosted
 * withdrawals' originator and beneficiary data waiting to be sent to the beneficiary's exchange,
 * and the exchange's answer once it came (approve, reject, partial). The client's retry of the
 * withdrawal under the same key then proceeds or is refused with the matching code.
 */
@ApiExcludeController()
@UseGuards(OperatorGuard)
@Controller('admin/v1/crypto/travel-rule')
export class CryptoTravelRuleAdminController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  @ApiReply(CRYPTO_WITHDRAWAL_COMMANDS.list_travel_rule_transfers)
  list(@Query('status') status: unknown) {
    return this.bus.send(CRYPTO_WITHDRAWAL_COMMANDS.list_travel_rule_transfers, {
      ...(status === undefined ? {} : { status: statusOf(status) }),
      limit: MAX_LISTED,
    });
  }

  @Post(':id/decision')
  @HttpCode(200)
  @ApiReply(CRYPTO_WITHDRAWAL_COMMANDS.decide_travel_rule_transfer)
  decide(
    @Param('id') transfer_id: string,
    @ValidatedBody(travelRuleDecisionBody) body: z.infer<typeof travelRuleDecisionBody>,
  ) {
    return this.bus.send(CRYPTO_WITHDRAWAL_COMMANDS.decide_travel_rule_transfer, {
      transfer_id,
      decision: body.decision,
    });
  }
}

function statusOf(text: unknown): (typeof TRAVEL_RULE_TRANSFER_STATUSES)[number] {
  const status = TRAVEL_RULE_TRANSFER_STATUSES.find((candidate) => candidate === text);
  if (!status) {
    throw new DomainError(
      'invalid_status',
      `status must be one of ${TRAVEL_RULE_TRANSFER_STATUSES.join(', ')}`,
    );
  }
  return status;
}
