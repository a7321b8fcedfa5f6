import { Controller, Get, Inject, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  TRACK_LINK_COMMANDS,
  trackLinkQuery,
  trackLinkReply,
  type TrackLinkQuery,
  type TrackLinkReply,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../../gateway.settings';
import { ApiCredentials, ApiReply, ApiZodQuery, ValidatedQuery } from '../../http';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';
import { publicBaseUrl } from '../payins/public-base-url';

/** A public tracking page for one of the account's payouts or payins. */
@ApiTags('account')
@ApiCredentials()
@Controller('v1')
export class TrackLinkController {
  constructor(
    private readonly bus: BusClient,
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
  ) {}

  @Get('track-link')
  @ApiReply(trackLinkReply)
  @ApiOperation({
    summary: 'Track link of a payout or payin',
    description:
      'Answers `{track_url, code}`: a public page (no credentials, English, Spanish or Chinese) ' +
      'showing the status and its dates only, never names, amounts or account numbers, for the ' +
      'payer or beneficiary to follow. The same code each time it is asked for. `kind` is ' +
      '`payout` or `payin`; another account’s or an unknown id is 404 `not_found`.',
  })
  @ApiZodQuery(trackLinkQuery)
  @ApiErrors('invalid_request', 'not_found')
  async link(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(trackLinkQuery) query: TrackLinkQuery,
    @Req() request: FastifyRequest,
  ): Promise<TrackLinkReply> {
    const command = query.kind === 'payout' ? 'issue_payout_track_link' : 'issue_payin_track_link';
    const { code } = await this.bus.send(TRACK_LINK_COMMANDS[command], {
      account_id: principal.account_id,
      resource_id: query.id,
    });
    const base_url = publicBaseUrl(request, this.context.environment, this.settings);
    return { code, track_url: `${base_url}/track/${encodeURIComponent(code)}` };
  }
}
