import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { z } from 'zod';
import { blockAccountCommand, IDENTITY_COMMANDS } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiReply, ValidatedBody } from '../http';
import { OperatorGuard } from './operator.guard';

/** `{reason?}`; the body may be left out altogether. */
const blockBody = blockAccountCommand.omit({ account_id: true }).optional();

/**
 * The operator blocks (suspends) and unblocks an account of any organization: a blocked account
 * may still read and sign out; anything else answers 403 `account_blocked`. Both are idempotent.
 */
@ApiExcludeController()
@UseGuards(OperatorGuard)
@Controller('admin/v1/accounts')
export class AccountsAdminController {
  constructor(private readonly bus: BusClient) {}

  @Post(':account_id/block')
  @HttpCode(200)
  @ApiReply(IDENTITY_COMMANDS.block_account)
  block(
    @Param('account_id') account_id: string,
    @ValidatedBody(blockBody) body: z.infer<typeof blockBody>,
  ) {
    return this.bus.send(IDENTITY_COMMANDS.block_account, { account_id, ...body });
  }

  @Post(':account_id/unblock')
  @HttpCode(200)
  @ApiReply(IDENTITY_COMMANDS.unblock_account)
  unblock(@Param('account_id') account_id: string) {
    return this.bus.send(IDENTITY_COMMANDS.unblock_account, { account_id });
  }
}
