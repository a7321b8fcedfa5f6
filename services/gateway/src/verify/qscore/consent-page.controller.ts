import { Controller, Get, Header, Param, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { RISK_SCORING_COMMANDS } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiFileReply, ApiZodQuery, ValidatedQuery } from '../../http';
import { Public } from '../../auth/public.decorator';
import { ApiErrors } from '../../v1/aml/api-errors.decorator';
import { consentPage } from './consent-page';
import { pageLocaleQuery, publicPageLocale, type PageLocaleQuery } from './public-locale';

/**
 * The public consent page of credit scoring (decisions D10, spec §3 "Consent link"): the holder
 * of a document opens the link a requester sent, and authorizes or declines through the JSON
 * routes beside it (`POST /consent/qscore/{token}/authorize|decline`). No credential: the token
 * in the path is the capability.
 */
@ApiTags('credit scoring (consent page)')
@Public()
@Controller('consent/qscore')
export class ConsentPageController {
  constructor(private readonly bus: BusClient) {}

  @Get(':token')
  @ApiFileReply(['text/html'], 'the consent page')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Consent page of a credit report request (HTML, en/es/zh)',
    description:
      'Shows who asks, for what purpose, and the subject with its document id masked. A pending ' +
      'link offers Authorize and Decline; a granted, revoked or expired one shows its state only ' +
      '(a second answer: 409 `already_decided`, shown on the page). Language: `lang` (or ' +
      '`locale`), then `Accept-Language`, then English. An unknown token: 404 `not_found`.',
  })
  @ApiZodQuery(pageLocaleQuery)
  @ApiErrors('not_found')
  async page(
    @Param('token') token: string,
    @ValidatedQuery(pageLocaleQuery) query: PageLocaleQuery,
    @Req() request: FastifyRequest,
  ) {
    const view = await this.bus.send(RISK_SCORING_COMMANDS.view_consent, {
      token: token.slice(0, 200),
    });
    return consentPage(token, view, publicPageLocale(query, request));
  }
}
