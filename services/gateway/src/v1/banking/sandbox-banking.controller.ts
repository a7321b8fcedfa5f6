import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  BANKING_COMMANDS,
  sandboxBankInboundBody,
  type SandboxBankInboundBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiReply, ApiZodBody, ValidatedBody } from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';
import { SandboxOnlyGuard } from '../payins/sandbox-deposits.controller';

/** The sandbox bank's inbound transfers. */
@ApiTags('sandbox')
@UseGuards(SandboxOnlyGuard)
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/sandbox/banking')
export class SandboxBankingController {
  constructor(private readonly bus: BusClient) {}

  @Post('inbound')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Simulate an inbound bank transfer',
    description:
      'Sandbox only (live answers 404 `not_found`). Credits `amount` to the bank account ' +
      '`account_id` (its `bank_account_id`) as an `inbound` operation, `completed` at once, and ' +
      'announces `banking_virtual_iban_inbound` and `banking_operation_status_changed`. ' +
      'Errors: 400 `invalid_amount`, 404 `not_found` (another account’s bank account), 409 ' +
      '`no_banking_customer`.',
  })
  @ApiZodBody(sandboxBankInboundBody)
  @ApiReply(BANKING_COMMANDS.simulate_inbound, 201)
  @ApiErrors('invalid_json', 'invalid_amount', 'unauthorized', 'not_found', 'no_banking_customer')
  inbound(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(sandboxBankInboundBody) body: SandboxBankInboundBody,
  ) {
    return this.bus.send(BANKING_COMMANDS.simulate_inbound, {
      account_id: principal.account_id,
      bank_account_id: body.account_id,
      amount: body.amount,
    });
  }
}
