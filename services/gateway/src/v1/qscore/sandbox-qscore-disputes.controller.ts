import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  decideCreditDisputeBody,
  RISK_DISPUTE_COMMANDS,
  type DecideCreditDisputeBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiReply, ApiZodBody, ValidatedBody } from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';
import { SandboxOnlyGuard } from '../payins/sandbox-deposits.controller';

/** The sandbox's stand-in for the bureau's dispute desk (decisions D10). */
@ApiTags('sandbox')
@UseGuards(SandboxOnlyGuard)
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/sandbox/qscore/disputes')
export class SandboxQscoreDisputesController {
  constructor(private readonly bus: BusClient) {}

  @Post(':id/decision')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Decide a report-factor dispute',
    description:
      'Sandbox only (live answers 404 `not_found`; there an operator decides). Decides one of ' +
      "this account's disputes as the bureau would: `resolved` (the factor is neutralized in " +
      'later evaluations) or `rejected`, with an optional `note`; emits ' +
      '`dispute_status_changed`. The same decision again answers the dispute; the other one: ' +
      "409 `already_decided`. Another account's dispute: 404 `not_found`.",
  })
  @ApiZodBody(decideCreditDisputeBody)
  @ApiReply(RISK_DISPUTE_COMMANDS.decide)
  @ApiErrors('invalid_request', 'invalid_json', 'unauthorized', 'not_found', 'already_decided')
  decide(
    @CurrentPrincipal() principal: Principal,
    @Param('id') dispute_id: string,
    @ValidatedBody(decideCreditDisputeBody) body: DecideCreditDisputeBody,
  ) {
    return this.bus.send(RISK_DISPUTE_COMMANDS.decide, {
      dispute_id,
      account_id: principal.account_id,
      decision: body.decision,
      note: body.note ?? '',
    });
  }
}
