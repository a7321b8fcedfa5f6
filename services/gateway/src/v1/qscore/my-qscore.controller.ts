import {
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { myReportBody, RISK_PAGES_COMMANDS } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../../gateway.settings';
import {
  ApiCredentials,
  ApiDocumentLocale,
  ApiFileReply,
  ApiReply,
  ApiZodBody,
  documentLocale,
  requireDocumentLanguage,
  sendPdf,
  ValidatedBody,
} from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';
import { publicBaseUrl } from '../payins/public-base-url';

const emptyBody = z.object({}).strict().optional();
const myReportRequest = myReportBody.optional();
const PDF_NOTE =
  "`lang` en, es or zh (400 `invalid_language`); without it, the account's language.";

/**
 * The account's credit scoring documents (decisions D10): report PDFs, its own report, and a
 * company's public seal.
 */
@ApiTags('credit scoring')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/qscore')
export class MyQscoreController {
  constructor(
    private readonly bus: BusClient,
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
  ) {}

  private async pdfLocale(
    principal: Principal,
    lang: unknown,
    locale: unknown,
    accept_language: string | undefined,
  ) {
    requireDocumentLanguage(lang);
    return documentLocale(this.bus, principal, { lang, locale }, accept_language);
  }

  private sealCommand(principal: Principal, request: FastifyRequest) {
    return {
      account_id: principal.account_id,
      org_id: principal.org_id,
      base_url: publicBaseUrl(request, this.context.environment, this.settings),
    };
  }

  @Get('reports/:id/pdf')
  @ApiFileReply(['application/pdf'], 'the credit report, a PDF')
  @ApiProduces('application/pdf')
  @ApiDocumentLocale()
  @ApiOperation({
    summary: 'Credit report (PDF)',
    description: `The score with its band on the 300–850 scale, each factor with its explanation, the purpose, the subject and the dates, as a person reads them. ${PDF_NOTE} Another account's report: 404 \`not_found\`.`,
  })
  @ApiErrors('invalid_language', 'unauthorized', 'not_found')
  async reportPdf(
    @CurrentPrincipal() principal: Principal,
    @Param('id') report_id: string,
    @Query('lang') lang: unknown,
    @Query('locale') locale: unknown,
    @Headers('accept-language') accept_language: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    const chosen = await this.pdfLocale(principal, lang, locale, accept_language);
    const pdf = await this.bus.send(RISK_PAGES_COMMANDS.report_pdf, {
      account_id: principal.account_id,
      report_id: report_id.slice(0, 200),
      locale: chosen,
    });
    return sendPdf(reply, pdf);
  }

  @Post('my-report')
  @ApiZodBody(myReportRequest)
  @ApiReply(RISK_PAGES_COMMANDS.get_my_report, 201, 'a new own report')
  @ApiReply(RISK_PAGES_COMMANDS.get_my_report, 200, 'the last own report (less than 30 days old)')
  @ApiOperation({
    summary: 'Get my own credit report (free)',
    description:
      "A credit report about the account itself: its verified identity's tax id and country, as " +
      'a person or a company. Free. A new report at most every 30 days (201); asking again ' +
      'sooner answers the last one (200). The account must be verified (403 `kyc_required`) ' +
      'and its verified profile must carry a valid tax id (409 `no_tax_id`). A document the ' +
      'bureau cannot score: 404 `no_score`. The body is optional: `{country?, doc_id?}` names the ' +
      'document the client expects the report to be about; a number that is not a valid tax id ' +
      "of its country answers 400 `invalid_tax_id`, another than the verified identity's 409 " +
      '`identity_mismatch` (nothing is made).',
  })
  @ApiErrors(
    'invalid_json',
    'invalid_tax_id',
    'unauthorized',
    'kyc_required',
    'no_tax_id',
    'identity_mismatch',
    'no_score',
  )
  async createMyReport(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(myReportRequest) body: z.infer<typeof myReportRequest>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { created, report } = await this.bus.send(RISK_PAGES_COMMANDS.create_my_report, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      ...body,
    });
    reply.status(created ? 201 : 200);
    return report;
  }

  @Get('my-report')
  @ApiReply(RISK_PAGES_COMMANDS.get_my_report)
  @ApiOperation({
    summary: 'Read my latest own credit report',
    description: 'Before the first `POST /v1/qscore/my-report`: 404 `not_found`.',
  })
  @ApiErrors('unauthorized', 'not_found')
  myReport(@CurrentPrincipal() principal: Principal) {
    return this.bus.send(RISK_PAGES_COMMANDS.get_my_report, {
      account_id: principal.account_id,
      org_id: principal.org_id,
    });
  }

  @Get('my-report/pdf')
  @ApiFileReply(['application/pdf'], 'the own credit report, a PDF')
  @ApiProduces('application/pdf')
  @ApiDocumentLocale()
  @ApiOperation({
    summary: 'My latest own credit report (PDF)',
    description:
      `${PDF_NOTE} The PDF is drawn from the latest own report: before the first ` +
      '`POST /v1/qscore/my-report` there is none, 404 `pdf_not_ready`.',
  })
  @ApiErrors('invalid_language', 'unauthorized', 'pdf_not_ready')
  async myReportPdf(
    @CurrentPrincipal() principal: Principal,
    @Query('lang') lang: unknown,
    @Query('locale') locale: unknown,
    @Headers('accept-language') accept_language: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    const chosen = await this.pdfLocale(principal, lang, locale, accept_language);
    const pdf = await this.bus.send(RISK_PAGES_COMMANDS.my_report_pdf, {
      account_id: principal.account_id,
      locale: chosen,
    });
    return sendPdf(reply, pdf);
  }

  @Post('my-seal')
  @ApiZodBody(emptyBody)
  @ApiReply(RISK_PAGES_COMMANDS.get_my_seal, 201, 'a new seal')
  @ApiReply(RISK_PAGES_COMMANDS.get_my_seal, 200, 'the seal already showing the latest evaluation')
  @ApiOperation({
    summary: "Publish my company's credit seal",
    description:
      'Issues a public seal from the latest own report (`POST /v1/qscore/my-report`): ' +
      'companies only (409 `seal_companies_only`), band A or B and an evaluation at most 90 days ' +
      'old (409 `seal_not_eligible`). Answers `{code, verify_url (HTML page), badge_url (SVG), ' +
      'json_url, status, band, evaluated_at, expires_at, ...}`. The seal lasts until 90 days ' +
      'after the evaluation. Asking again answers the same seal (200) until a newer own report ' +
      'exists; then a new seal replaces it (the old code reads revoked).',
  })
  @ApiErrors('invalid_json', 'unauthorized', 'seal_companies_only', 'seal_not_eligible')
  async createMySeal(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(emptyBody) _body: z.infer<typeof emptyBody>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { created, seal } = await this.bus.send(
      RISK_PAGES_COMMANDS.create_my_seal,
      this.sealCommand(principal, request),
    );
    reply.status(created ? 201 : 200);
    return seal;
  }

  @Get('my-seal')
  @ApiReply(RISK_PAGES_COMMANDS.get_my_seal)
  @ApiOperation({
    summary: "Read my company's credit seal",
    description:
      'The unrevoked seal (its `status` says when it expired). None: 404 `no_active_seal`.',
  })
  @ApiErrors('unauthorized', 'no_active_seal')
  mySeal(@CurrentPrincipal() principal: Principal, @Req() request: FastifyRequest) {
    return this.bus.send(RISK_PAGES_COMMANDS.get_my_seal, this.sealCommand(principal, request));
  }

  @Delete('my-seal')
  @HttpCode(200)
  @ApiReply(RISK_PAGES_COMMANDS.revoke_my_seal)
  @ApiOperation({
    summary: "Revoke my company's credit seal",
    description:
      'The seal reads `revoked` at once on its public page, badge and JSON. Answers the revoked ' +
      'seal; none unrevoked: 404 `no_active_seal`.',
  })
  @ApiErrors('unauthorized', 'no_active_seal')
  revokeMySeal(@CurrentPrincipal() principal: Principal, @Req() request: FastifyRequest) {
    return this.bus.send(RISK_PAGES_COMMANDS.revoke_my_seal, this.sealCommand(principal, request));
  }
}
