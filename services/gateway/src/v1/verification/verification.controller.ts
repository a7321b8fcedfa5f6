import { Controller, Get, Headers, HttpCode, Post, Query, Req, Res, Inject } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, VERIFICATION_COMMANDS } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../../gateway.settings';
import {
  ApiCredentials,
  ApiDocumentLocale,
  ApiReply,
  documentLocale,
  requireDocumentLanguage,
  pdfBody,
} from '../../http';
import { CurrentPrincipal, memberIdOf, type Principal } from '../../auth/principal';
import { publicBaseUrl } from '../payins/public-base-url';

const REPORT_FORMATS = ['json', 'pdf'] as const;

/** The account's own identity verification (decisions D8, spec §5 rule 11). */
@ApiTags('identity verification')
@ApiCredentials()
@Controller('v1/me/verification')
export class VerificationController {
  constructor(
    private readonly bus: BusClient,
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
  ) {}

  @Get()
  @ApiReply(VERIFICATION_COMMANDS.get_verification)
  @ApiOperation({
    summary: 'The account’s identity verification',
    description:
      '`{kind (kyc for persons, kyb for companies), status (none, pending, approved, rejected), ' +
      'submission_id, risk_band, decision, pending_documents, changes_requested_comments, ' +
      'updated_at}`. Until `approved`, payins, collect, deposit accounts, stored-card charges ' +
      'and subscriptions answer 403 `verification_required`.',
  })
  view(@CurrentPrincipal() principal: Principal) {
    return this.bus.send(VERIFICATION_COMMANDS.get_verification, {
      account_id: principal.account_id,
    });
  }

  @Post('link')
  @HttpCode(201)
  @ApiReply(VERIFICATION_COMMANDS.issue_link, 201)
  @ApiOperation({
    summary: 'A hosted verification link',
    description:
      'Answers 201 `{link_id, url, kind, expires_at}`: `url` opens the hosted, localized page ' +
      '(`{base}/verify/onboarding/{token}`) where the person enters identity data, uploads ' +
      'documents and takes a liveness step (persons only). A new link replaces the open one. A ' +
      'session needs a confirmed authenticator app or a registered passkey (403 ' +
      '`verification_requires_2fa`); API keys are exempt. 409 `already_verified`; 403 ' +
      '`account_blocked`; 403 `verification_rejected_requires_admin`; 409 `duplicate` while a ' +
      'submission is being reviewed. A live submission waits for a reviewer; the sandbox decides ' +
      'by the name entered (see the `sandbox` tag).',
  })
  link(@CurrentPrincipal() principal: Principal, @Req() request: FastifyRequest) {
    return this.bus.send(VERIFICATION_COMMANDS.issue_link, {
      account_id: principal.account_id,
      member_id: memberIdOf(principal),
      base_url: publicBaseUrl(request, this.context.environment, this.settings),
    });
  }

  @Get('report')
  @ApiReply(VERIFICATION_COMMANDS.report)
  @ApiProduces('application/json', 'application/pdf')
  @ApiQuery({
    name: 'format',
    required: false,
    schema: { type: 'string', enum: [...REPORT_FORMATS] },
  })
  @ApiDocumentLocale()
  @ApiOperation({
    summary: 'The verification report (JSON or PDF)',
    description:
      '`format=json` (default) answers the latest submission: identity, documents received, ' +
      'liveness, decision, risk band and comments; `format=pdf` the same as a localized PDF ' +
      '(`lang=en|es|zh`). 400 `invalid_format`, 400 `invalid_language`, 404 ' +
      '`verification_not_found` before any submission.',
  })
  async report(
    @CurrentPrincipal() principal: Principal,
    @Query('format') format: unknown,
    @Query('lang') lang: unknown,
    @Query('locale') locale: unknown,
    @Headers('accept-language') accept_language: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const chosen_format = format ?? 'json';
    if (!(REPORT_FORMATS as readonly unknown[]).includes(chosen_format))
      throw new DomainError('invalid_format', 'format must be json or pdf');
    requireDocumentLanguage(lang);
    const chosen = await documentLocale(this.bus, principal, { lang, locale }, accept_language);
    const query = { account_id: principal.account_id, locale: chosen };
    if (chosen_format === 'json') return this.bus.send(VERIFICATION_COMMANDS.report, query);
    return pdfBody(reply, await this.bus.send(VERIFICATION_COMMANDS.report_pdf, query));
  }
}
