import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CARDS_COMMANDS,
  runCardFeesBody,
  sandboxCardTransactionBody,
  type SandboxCardTransactionBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import type { z } from 'zod';
import { ApiCredentials, ApiReply, ApiZodBody, ValidatedBody } from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';
import { SandboxOnlyGuard } from '../payins/sandbox-deposits.controller';
import { FEES_RUN_DESCRIPTION, SANDBOX_TRANSACTION_DESCRIPTION } from './card-docs';

/** The sandbox's card network: purchases on a card, and the monthly fee run on demand. */
@ApiTags('sandbox')
@UseGuards(SandboxOnlyGuard)
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/sandbox/cards')
export class SandboxCardsController {
  constructor(private readonly bus: BusClient) {}

  @Post('fees/run')
  @HttpCode(200)
  @ApiOperation({ summary: 'Run the monthly card fee', description: FEES_RUN_DESCRIPTION })
  @ApiZodBody(runCardFeesBody)
  @ApiReply(CARDS_COMMANDS.run_fees)
  @ApiErrors('invalid_range', 'invalid_request', 'invalid_json', 'unauthorized', 'not_found')
  runFees(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(runCardFeesBody) body: z.infer<typeof runCardFeesBody>,
  ) {
    return this.bus.send(CARDS_COMMANDS.run_fees, {
      account_id: principal.account_id,
      month: body.month,
    });
  }

  @Post(':id/transactions')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Simulate a card transaction',
    description: SANDBOX_TRANSACTION_DESCRIPTION,
  })
  @ApiZodBody(sandboxCardTransactionBody)
  @ApiReply(CARDS_COMMANDS.sandbox_transaction, 201)
  @ApiErrors(
    'invalid_amount',
    'invalid_request',
    'invalid_json',
    'unauthorized',
    'not_found',
    'insufficient_funds',
    'idempotency_conflict',
  )
  transact(
    @CurrentPrincipal() principal: Principal,
    @Param('id') card_id: string,
    @ValidatedBody(sandboxCardTransactionBody) body: SandboxCardTransactionBody,
  ) {
    return this.bus.send(CARDS_COMMANDS.sandbox_transaction, {
      account_id: principal.account_id,
      card_id: card_id.slice(0, 200),
      ...body,
    });
  }
}
