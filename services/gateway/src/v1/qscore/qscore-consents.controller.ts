import { Controller, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createRiskConsentBody,
  RISK_SCORING_COMMANDS,
  riskConsentResource,
  type CreateRiskConsentBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../../gateway.settings';
import {
  ApiCredentials,
  ApiReply,
  ApiZodBody,
  ApiZodQuery,
  listingPage,
  pageBody,
  parsePagination,
  ValidatedBody,
  ValidatedQuery,
} from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';
import { publicBaseUrl } from '../payins/public-base-url';

const pageQuery = z.object({ page: z.unknown().optional(), page_size: z.unknown().optional() });

const CREATE_DESCRIPTION = [
  'Opens a consent link (status `pending`) for the subject to authorize this account’s credit',
  'reports; `url` is the public page where the holder authorizes (`risk_consent_granted`) or',
  'declines (`risk_consent_revoked`). A pending link expires after 7 days (status `expired`).',
  'Errors: 400 `purpose_required`, `invalid_purpose`, `invalid_country`, `invalid_doc_id`,',
  '`invalid_subject_type`.',
].join(' ');

/** Consent links of credit scoring (spec §3, decisions D10). */
@ApiTags('credit scoring')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/qscore/consents')
export class QscoreConsentsController {
  constructor(
    private readonly bus: BusClient,
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
  ) {}

  private baseUrl(request: FastifyRequest): string {
    return publicBaseUrl(request, this.context.environment, this.settings);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a consent link', description: CREATE_DESCRIPTION })
  @ApiZodBody(createRiskConsentBody)
  @ApiReply(RISK_SCORING_COMMANDS.create_consent, 201)
  @ApiErrors(
    'purpose_required',
    'invalid_purpose',
    'invalid_country',
    'invalid_doc_id',
    'invalid_subject_type',
    'invalid_request',
    'invalid_json',
    'unauthorized',
  )
  create(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(createRiskConsentBody) body: CreateRiskConsentBody,
    @Req() request: FastifyRequest,
  ) {
    return this.bus.send(RISK_SCORING_COMMANDS.create_consent, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      base_url: this.baseUrl(request),
      ...body,
    });
  }

  @Get()
  @ApiOperation({
    summary: 'List consent links',
    description: 'Newest first; `page`, `page_size`.',
  })
  @ApiZodQuery(pageQuery)
  @ApiReply(listingPage('consents', riskConsentResource))
  @ApiErrors('invalid_request', 'unauthorized')
  async list(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(pageQuery) query: z.infer<typeof pageQuery>,
    @Req() request: FastifyRequest,
  ) {
    const pagination = parsePagination(query);
    const { consents } = await this.bus.send(RISK_SCORING_COMMANDS.list_consents, {
      account_id: principal.account_id,
      limit: pagination.limit,
      offset: pagination.offset,
      base_url: this.baseUrl(request),
    });
    return pageBody('consents', pagination, consents);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Read a consent link',
    description: "Another account's link: 404 `not_found`.",
  })
  @ApiReply(RISK_SCORING_COMMANDS.get_consent)
  @ApiErrors('unauthorized', 'not_found')
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('id') consent_id: string,
    @Req() request: FastifyRequest,
  ) {
    return this.bus.send(RISK_SCORING_COMMANDS.get_consent, {
      account_id: principal.account_id,
      consent_id,
      base_url: this.baseUrl(request),
    });
  }

  @Post(':id/revoke')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Revoke a consent link',
    description:
      'A pending link becomes `revoked` (`risk_consent_revoked`); a decided or expired one: 409 ' +
      "`already_decided`. Another account's link: 404 `not_found`.",
  })
  @ApiReply(RISK_SCORING_COMMANDS.revoke_consent)
  @ApiErrors('unauthorized', 'not_found', 'already_decided')
  revoke(
    @CurrentPrincipal() principal: Principal,
    @Param('id') consent_id: string,
    @Req() request: FastifyRequest,
  ) {
    return this.bus.send(RISK_SCORING_COMMANDS.revoke_consent, {
      account_id: principal.account_id,
      consent_id,
      base_url: this.baseUrl(request),
    });
  }
}
