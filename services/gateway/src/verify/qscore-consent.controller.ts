import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RISK_SCORING_COMMANDS } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiReply } from '../http';
import { Public } from '../auth/public.decorator';
import { ApiErrors } from '../v1/aml/api-errors.decorator';

const TOKEN_NOTE =
  'No credential: the token in the path is the capability. Unknown token: 404 `not_found`.';

/**
 * The public consent link of credit scoring (spec §3): the holder reads the request and
 * authorizes or declines it. The page's HTML is served beside these JSON routes.
 */
@ApiTags('credit scoring (consent page)')
@Public()
@Controller('consent/qscore')
export class QscoreConsentController {
  constructor(private readonly bus: BusClient) {}

  @Get(':token/state')
  @ApiOperation({ summary: 'Read a consent link as its holder', description: TOKEN_NOTE })
  @ApiReply(RISK_SCORING_COMMANDS.view_consent)
  @ApiErrors('not_found')
  view(@Param('token') token: string) {
    return this.bus.send(RISK_SCORING_COMMANDS.view_consent, { token: token.slice(0, 200) });
  }

  @Post(':token/authorize')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Authorize a consent link',
    description: `${TOKEN_NOTE} The link becomes \`granted\` (\`risk_consent_granted\`); a decided or expired one: 409 \`already_decided\`.`,
  })
  @ApiReply(RISK_SCORING_COMMANDS.authorize_consent)
  @ApiErrors('not_found', 'already_decided')
  authorize(@Param('token') token: string) {
    return this.bus.send(RISK_SCORING_COMMANDS.authorize_consent, { token: token.slice(0, 200) });
  }

  @Post(':token/decline')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Decline a consent link',
    description: `${TOKEN_NOTE} The link becomes \`revoked\` (\`risk_consent_revoked\`); a decided or expired one: 409 \`already_decided\`.`,
  })
  @ApiReply(RISK_SCORING_COMMANDS.decline_consent)
  @ApiErrors('not_found', 'already_decided')
  decline(@Param('token') token: string) {
    return this.bus.send(RISK_SCORING_COMMANDS.decline_consent, { token: token.slice(0, 200) });
  }
}
