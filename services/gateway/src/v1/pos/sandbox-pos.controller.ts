import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { POS_COMMANDS, sandboxPosChargeBody, type SandboxPosChargeBody } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiReply, ApiZodBody, ValidatedBody } from '../../http';
import { RequireCredentialLevel, RequireRole } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';
import { SandboxOnlyGuard } from '../payins/sandbox-deposits.controller';

/** The sandbox card-terminal processor: it reports charges and disables terminals. */
@ApiTags('sandbox')
@UseGuards(SandboxOnlyGuard)
@ApiCredentials()
@RequireCredentialLevel('account')
@RequireRole('operator')
@Controller('v1/sandbox/pos')
export class SandboxPosController {
  constructor(private readonly bus: BusClient) {}

  @Post('charges')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Report a POS charge',
    description:
      'Sandbox only (live answers 404 `not_found`). Records a charge of `terminal_id` (letters, ' +
      'digits, `-`, `_`) for `amount` in `currency` (USD when omitted) and credits it to the ' +
      'account (movement `pos_charge credited`). An amount ending `.77` stays `pending`: never ' +
      'received, nothing credited, refunds answer `nothing_received`. A disabled terminal: 422 ' +
      '`merchant_disabled`.',
  })
  @ApiZodBody(sandboxPosChargeBody)
  @ApiReply(POS_COMMANDS.record_sandbox_charge, 201)
  @ApiErrors(
    'invalid_request',
    'invalid_json',
    'invalid_amount',
    'unauthorized',
    'not_found',
    'merchant_disabled',
  )
  record(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(sandboxPosChargeBody) body: SandboxPosChargeBody,
  ) {
    return this.bus.send(POS_COMMANDS.record_sandbox_charge, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      body,
    });
  }

  @Post('terminals/:terminalID/disable')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Disable a POS terminal',
    description:
      'Sandbox only (live answers 404 `not_found`). The processor stops serving the terminal: ' +
      'its new charges and refunds of its charges answer 422 `merchant_disabled`. Disabling ' +
      'again answers the same.',
  })
  @ApiReply(POS_COMMANDS.disable_sandbox_terminal)
  @ApiErrors('unauthorized', 'not_found')
  disable(@CurrentPrincipal() principal: Principal, @Param('terminalID') terminal_id: string) {
    return this.bus.send(POS_COMMANDS.disable_sandbox_terminal, {
      account_id: principal.account_id,
      terminal_id: terminal_id.slice(0, 100),
    });
  }
}
