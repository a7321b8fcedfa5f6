import { Controller, Get, Headers, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  AML_COMMANDS,
  amlMonitoringBody,
  amlRescreenBody,
  amlScreeningResource,
  createAmlScreeningBody,
  type CreateAmlScreeningBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiCredentials,
  ApiDocumentLocale,
  ApiFileReply,
  ApiReply,
  ApiZodBody,
  ApiZodQuery,
  documentLocale,
  idempotencyKeyOf,
  listingPage,
  requireDocumentLanguage,
  sendPdf,
  ValidatedBody,
  ValidatedQuery,
} from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { accountListing } from '../account-listing';
import { ApiErrors } from './api-errors.decorator';

const pageQuery = z.object({ page: z.unknown().optional(), page_size: z.unknown().optional() });
const citiesQuery = z.object({ country: z.string().max(40).optional() });

const CREATE_DESCRIPTION = [
  'Screens a person or company against the sanctions and politically exposed persons lists, with',
  'fuzzy name matching (another script, word order, small misspellings). `idempotency_key` is',
  'required: the same key answers the same screening (another subject under it:',
  '409 `idempotency_conflict`). `status` is `clear`, `potential_match` (review it) or `match`.',
  'Sandbox names that match: see the `sandbox` tag.',
  'Errors: 400 `idempotency_key_required`, `invalid_idempotency_key`, `invalid_subject_type`,',
  '`invalid_name`, `invalid_country`, `invalid_doc_id`, `invalid_request`, `invalid_json`.',
].join(' ');

/** AML screening (decisions D8). */
@ApiTags('aml')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/aml')
export class AmlController {
  constructor(private readonly bus: BusClient) {}

  @Post('screenings')
  @HttpCode(201)
  @ApiOperation({ summary: 'Screen a person or company', description: CREATE_DESCRIPTION })
  @ApiZodBody(createAmlScreeningBody)
  @ApiReply(AML_COMMANDS.create_screening, 201)
  @ApiErrors(
    'idempotency_key_required',
    'invalid_idempotency_key',
    'invalid_subject_type',
    'invalid_name',
    'invalid_country',
    'invalid_doc_id',
    'invalid_request',
    'invalid_json',
    'unauthorized',
    'idempotency_conflict',
    'compliance_check_unavailable',
  )
  create(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(createAmlScreeningBody) body: CreateAmlScreeningBody,
    @Headers('idempotency-key') header_key: string | undefined,
  ) {
    return this.bus.send(AML_COMMANDS.create_screening, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      idempotency_key: idempotencyKeyOf(body.idempotency_key, header_key) ?? null,
      subject: body.subject,
    });
  }

  @Get('screenings')
  @ApiOperation({ summary: 'List screenings', description: 'Newest first; `page`, `page_size`.' })
  @ApiZodQuery(pageQuery)
  @ApiReply(listingPage('screenings', amlScreeningResource))
  @ApiErrors('invalid_request', 'unauthorized')
  list(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(pageQuery) query: z.infer<typeof pageQuery>,
  ) {
    return accountListing(this.bus, {
      command: AML_COMMANDS.list_screenings,
      collection: 'screenings',
      principal,
      query,
    });
  }

  @Get('screenings/:id')
  @ApiOperation({
    summary: 'Read a screening',
    description: "Another account's screening: 404 `not_found`.",
  })
  @ApiReply(AML_COMMANDS.get_screening)
  @ApiErrors('unauthorized', 'not_found')
  get(@CurrentPrincipal() principal: Principal, @Param('id') screening_id: string) {
    return this.bus.send(AML_COMMANDS.get_screening, {
      account_id: principal.account_id,
      screening_id,
    });
  }

  @Get('screenings/:id/report')
  @ApiFileReply(['application/pdf'], 'the screening report, a PDF')
  @ApiOperation({
    summary: 'Screening report (PDF)',
    description:
      "`lang` en, es or zh (400 `invalid_language`). Another account's screening: 404 `not_found`.",
  })
  @ApiProduces('application/pdf')
  @ApiDocumentLocale()
  @ApiErrors('invalid_language', 'unauthorized', 'not_found')
  async report(
    @CurrentPrincipal() principal: Principal,
    @Param('id') screening_id: string,
    @Query('lang') lang: unknown,
    @Query('locale') locale: unknown,
    @Headers('accept-language') accept_language: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    requireDocumentLanguage(lang);
    const chosen = await documentLocale(this.bus, principal, { lang, locale }, accept_language);
    const report = await this.bus.send(AML_COMMANDS.get_report, {
      account_id: principal.account_id,
      screening_id,
      locale: chosen,
    });
    return sendPdf(reply, report);
  }

  @Post('rescreen')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Rescreen every subject',
    description:
      'Rescreens every screening of the account against the current lists; a changed outcome emits `aml_screening_updated`. `idempotency_key` required (400 `idempotency_key_required`); the same key answers the same count. No screening yet: 409 `no_screening`.',
  })
  @ApiZodBody(amlRescreenBody)
  @ApiReply(AML_COMMANDS.rescreen)
  @ApiErrors(
    'idempotency_key_required',
    'invalid_idempotency_key',
    'invalid_json',
    'unauthorized',
    'no_screening',
    'compliance_check_unavailable',
  )
  rescreen(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(amlRescreenBody) body: z.infer<typeof amlRescreenBody>,
    @Headers('idempotency-key') header_key: string | undefined,
  ) {
    return this.bus.send(AML_COMMANDS.rescreen, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      idempotency_key: idempotencyKeyOf(body.idempotency_key, header_key) ?? null,
    });
  }

  @Patch('monitoring')
  @ApiOperation({
    summary: 'Turn monitoring on or off',
    description:
      "While on, the account's subjects are rescreened whenever a list changes, and a changed outcome emits `aml_screening_updated`. `idempotency_key` is required when the state changes (400 `idempotency_key_required`).",
  })
  @ApiZodBody(amlMonitoringBody)
  @ApiReply(AML_COMMANDS.set_monitoring)
  @ApiErrors(
    'idempotency_key_required',
    'invalid_idempotency_key',
    'invalid_request',
    'invalid_json',
    'unauthorized',
  )
  setMonitoring(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(amlMonitoringBody) body: z.infer<typeof amlMonitoringBody>,
    @Headers('idempotency-key') header_key: string | undefined,
  ) {
    return this.bus.send(AML_COMMANDS.set_monitoring, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      enabled: body.enabled,
      idempotency_key: idempotencyKeyOf(body.idempotency_key, header_key) ?? null,
    });
  }

  @Get('catalogs/cities')
  @ApiOperation({
    summary: 'Cities of a country',
    description: '`country` ISO 3166-1 alpha-2 the catalog covers (400 `invalid_country`).',
  })
  @ApiZodQuery(citiesQuery)
  @ApiReply(AML_COMMANDS.list_cities)
  @ApiErrors('invalid_country', 'unauthorized')
  cities(
    @ValidatedQuery(citiesQuery, { error_code: 'invalid_country' })
    query: z.infer<typeof citiesQuery>,
  ) {
    return this.bus.send(AML_COMMANDS.list_cities, { country: query.country ?? '' });
  }
}
