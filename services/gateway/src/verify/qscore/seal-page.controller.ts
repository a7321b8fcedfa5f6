import { Controller, Get, Header, Param, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { RISK_PAGES_COMMANDS } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiFileReply, ApiReply, ApiZodQuery, ValidatedQuery } from '../../http';
import { Public } from '../../auth/public.decorator';
import { ApiErrors } from '../../v1/aml/api-errors.decorator';
import { pageLocaleQuery, publicPageLocale, type PageLocaleQuery } from './public-locale';
import { sealBadgeSvg, sealPage } from './seal-page';

const LANGUAGE_NOTE =
  'Language: `lang` (or `locale`), then `Accept-Language`, then English. An unknown code: 404 ' +
  '`not_found`.';

/** The public verification of company credit seals (decisions D10): the code is the capability. */
@ApiTags('credit scoring (public seals)')
@Public()
@Controller()
export class SealPageController {
  constructor(private readonly bus: BusClient) {}

  private verify(code: string) {
    return this.bus.send(RISK_PAGES_COMMANDS.verify_seal, { code: code.slice(0, 200) });
  }

  @Get('verify/qscore/seal/:code')
  @ApiFileReply(['text/html'], 'the seal verification page')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Company credit seal page (HTML, en/es/zh)',
    description: `Shows the company, its band, the evaluation date and whether the seal is valid, revoked or expired. ${LANGUAGE_NOTE}`,
  })
  @ApiZodQuery(pageLocaleQuery)
  @ApiErrors('not_found')
  async page(
    @Param('code') code: string,
    @ValidatedQuery(pageLocaleQuery) query: PageLocaleQuery,
    @Req() request: FastifyRequest,
  ) {
    const seal = await this.verify(code);
    const locale = publicPageLocale(query, request);
    return sealPage(
      seal,
      locale,
      `/verify/qscore/seal/${encodeURIComponent(seal.code)}/badge.svg?lang=${locale}`,
    );
  }

  @Get('verify/qscore/seal/:code/badge.svg')
  @ApiFileReply(['image/svg+xml'], 'the seal badge, an SVG image')
  @Header('Content-Type', 'image/svg+xml; charset=utf-8')
  // Revalidated on every view: a revoked seal's badge must never go on showing valid.
  @Header('Cache-Control', 'no-cache')
  @ApiOperation({
    summary: 'Company credit seal badge (SVG)',
    description: `A 264 x 56 badge with the band and the status (green only while valid), to embed on the company's site beside a link to the seal page. ${LANGUAGE_NOTE}`,
  })
  @ApiZodQuery(pageLocaleQuery)
  @ApiErrors('not_found')
  async badge(
    @Param('code') code: string,
    @ValidatedQuery(pageLocaleQuery) query: PageLocaleQuery,
    @Req() request: FastifyRequest,
  ) {
    const seal = await this.verify(code);
    return sealBadgeSvg(seal, publicPageLocale(query, request));
  }

  @Get('v1/verify/qscore/:code')
  @ApiReply(RISK_PAGES_COMMANDS.verify_seal)
  @ApiOperation({
    summary: 'Verify a company credit seal (JSON)',
    description:
      'No credentials. `{code, status (valid, revoked, expired), company_name, country, doc_id, ' +
      'band, evaluated_at, issued_at, expires_at, revoked_at}`. An unknown code: 404 `not_found`.',
  })
  @ApiErrors('not_found')
  json(@Param('code') code: string) {
    return this.verify(code);
  }
}
