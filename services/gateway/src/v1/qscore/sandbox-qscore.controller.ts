import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  RISK_SCORING_COMMANDS,
  sandboxBureauScoreBody,
  type SandboxBureauScoreBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiReply, ApiZodBody, ValidatedBody } from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';
import { SandboxOnlyGuard } from '../payins/sandbox-deposits.controller';

/** The sandbox bureau (decisions D10): change a document id's bureau score. */
@ApiTags('sandbox')
@UseGuards(SandboxOnlyGuard)
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/sandbox/qscore/subjects')
export class SandboxQscoreController {
  constructor(private readonly bus: BusClient) {}

  @Post(':docID/score')
  @HttpCode(200)
  @ApiOperation({
    summary: "Set a subject's bureau score",
    description:
      'Sandbox only (live answers 404 `not_found`). From now on the sandbox bureau rates the ' +
      'document id `score` (300-850; of `country` only, or of every country), with neutral ' +
      'attributes; monitored subjects are rescored. Errors: 400 `invalid_request` (score), ' +
      '`invalid_doc_id`, `invalid_country`.',
  })
  @ApiZodBody(sandboxBureauScoreBody)
  @ApiReply(RISK_SCORING_COMMANDS.set_sandbox_bureau_score)
  @ApiErrors(
    'invalid_request',
    'invalid_json',
    'invalid_doc_id',
    'invalid_country',
    'unauthorized',
    'not_found',
  )
  setScore(
    @CurrentPrincipal() principal: Principal,
    @Param('docID') doc_id: string,
    @ValidatedBody(sandboxBureauScoreBody) body: SandboxBureauScoreBody,
  ) {
    return this.bus.send(RISK_SCORING_COMMANDS.set_sandbox_bureau_score, {
      account_id: principal.account_id,
      doc_id: doc_id.slice(0, 200),
      ...body,
    });
  }
}
