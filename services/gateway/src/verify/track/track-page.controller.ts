import { Controller, Get, Header, Param, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { DomainError, TRACK_LINK_COMMANDS, trackView } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiFileReply, ApiReply, ApiZodQuery, ValidatedQuery } from '../../http';
import { Public } from '../../auth/public.decorator';
import { ApiErrors } from '../../v1/aml/api-errors.decorator';
import { pageLocaleQuery, publicPageLocale, type PageLocaleQuery } from '../qscore/public-locale';
import { trackPage } from './track-page';

/** Which service issued a code: its prefix says. */
const VIEW_BY_PREFIX = {
  po_: TRACK_LINK_COMMANDS.view_payout_track,
  pi_: TRACK_LINK_COMMANDS.view_payin_track,
} as const;

/** The public track page of a payout or payin (`GET /v1/track-link` gives its address). */
@ApiTags('track links (public)')
@Public()
@Controller()
export class TrackPageController {
  constructor(private readonly bus: BusClient) {}

  private view(code: string) {
    const prefix = code.slice(0, 3) as keyof typeof VIEW_BY_PREFIX;
    const command = VIEW_BY_PREFIX[prefix];
    if (!command) throw new DomainError('not_found', 'no such track code');
    return this.bus.send(command, { code: code.slice(0, 200) });
  }

  @Get('track/:code')
  @ApiFileReply(['text/html'], 'the tracking page')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Tracking page of a payout or payin (HTML, en/es/zh)',
    description:
      'No credentials: the code is the capability. Shows the status, what it means, and its ' +
      'dates (created, last update, finished, or the deadline of a payin still to be paid), ' +
      'never names, amounts or account numbers. Language: `lang` (or `locale`), then ' +
      '`Accept-Language`, then English. An unknown code: 404 `not_found`.',
  })
  @ApiZodQuery(pageLocaleQuery)
  @ApiErrors('not_found')
  async page(
    @Param('code') code: string,
    @ValidatedQuery(pageLocaleQuery) query: PageLocaleQuery,
    @Req() request: FastifyRequest,
  ) {
    return trackPage(await this.view(code), publicPageLocale(query, request));
  }

  @Get('v1/track/:code')
  @ApiReply(trackView)
  @ApiOperation({
    summary: 'Status and dates behind a track code (JSON)',
    description:
      'No credentials. `{kind, status, created_at, updated_at, finished_at, expires_at}`; an ' +
      'unknown code: 404 `not_found`.',
  })
  @ApiErrors('not_found')
  json(@Param('code') code: string) {
    return this.view(code);
  }
}
