import { Controller, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  createRiskReportBody,
  RISK_SCORING_COMMANDS,
  riskReportResource,
  type CreateRiskReportBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiCredentials,
  ApiReply,
  ApiZodBody,
  ApiZodQuery,
  idempotencyKeyOf,
  listingPage,
  ValidatedBody,
  ValidatedQuery,
} from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { accountListing } from '../account-listing';
import { ApiErrors } from '../aml/api-errors.decorator';

const pageQuery = z.object({ page: z.unknown().optional(), page_size: z.unknown().optional() });
const countryQuery = z.object({ country: z.string().max(10).optional() });

const CREATE_DESCRIPTION = [
  'Evaluates a subject with the scorecard over the bureau and the platform’s own payment history',
  'and stores the report (`risk_report_ready`). `purpose` is required (400 `purpose_required`) and',
  'one of `credit_evaluation`, `tenant_screening`, `hiring`, `supplier_onboarding`, `other` (400',
  '`invalid_purpose`); `country` a supported ISO code (400 `invalid_country`); `doc_id` valid for',
  'the country with its check digits (400 `invalid_doc_id`); `subject_type` `person` or `company`',
  'and allowed by the document (400 `invalid_subject_type`). The account must be verified (403',
  '`kyc_required`). A person needs `consent_id` of a granted consent link of that subject (409',
  '`link_inactive` when missing or not granted, 409 `holder_mismatch` for another subject’s). A',
  'subject the bureau cannot score: 404 `no_score`. A retry with the same `idempotency_key` (body',
  'or `Idempotency-Key` header) answers the same report.',
].join(' ');

/** Credit reports and subject scores (decisions D10). */
@ApiTags('credit scoring')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/qscore')
export class QscoreReportsController {
  constructor(private readonly bus: BusClient) {}

  @Post('reports')
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a credit report', description: CREATE_DESCRIPTION })
  @ApiZodBody(createRiskReportBody)
  @ApiReply(RISK_SCORING_COMMANDS.create_report, 201)
  @ApiErrors(
    'purpose_required',
    'invalid_purpose',
    'invalid_country',
    'invalid_doc_id',
    'invalid_subject_type',
    'invalid_idempotency_key',
    'reserved_idempotency_key',
    'invalid_request',
    'invalid_json',
    'unauthorized',
    'kyc_required',
    'no_score',
    'link_inactive',
    'holder_mismatch',
  )
  create(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(createRiskReportBody) body: CreateRiskReportBody,
    @Headers('idempotency-key') header_key: string | undefined,
  ) {
    const { idempotency_key: body_key, ...request } = body;
    return this.bus.send(RISK_SCORING_COMMANDS.create_report, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      ...request,
      idempotency_key: idempotencyKeyOf(body_key, header_key) ?? null,
    });
  }

  @Get('reports')
  @ApiOperation({
    summary: 'List credit reports',
    description: 'Newest first; `page`, `page_size`.',
  })
  @ApiZodQuery(pageQuery)
  @ApiReply(listingPage('reports', riskReportResource))
  @ApiErrors('invalid_request', 'unauthorized')
  list(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(pageQuery) query: z.infer<typeof pageQuery>,
  ) {
    return accountListing(this.bus, {
      command: RISK_SCORING_COMMANDS.list_reports,
      collection: 'reports',
      principal,
      query,
    });
  }

  @Get('reports/:id')
  @ApiOperation({
    summary: 'Read a credit report',
    description: "Another account's report: 404 `not_found`.",
  })
  @ApiReply(RISK_SCORING_COMMANDS.get_report)
  @ApiErrors('unauthorized', 'not_found')
  get(@CurrentPrincipal() principal: Principal, @Param('id') report_id: string) {
    return this.bus.send(RISK_SCORING_COMMANDS.get_report, {
      account_id: principal.account_id,
      report_id,
    });
  }

  @Get('subjects/:docID/score')
  @ApiOperation({
    summary: "Read a subject's latest score",
    description:
      'The score of the latest report this account made of the subject (`country` narrows it ' +
      'to one country). A subject the account never reported: 403 `report_required`.',
  })
  @ApiZodQuery(countryQuery)
  @ApiReply(RISK_SCORING_COMMANDS.get_subject_score)
  @ApiErrors('invalid_request', 'unauthorized', 'report_required')
  score(
    @CurrentPrincipal() principal: Principal,
    @Param('docID') doc_id: string,
    @ValidatedQuery(countryQuery) query: z.infer<typeof countryQuery>,
  ) {
    return this.bus.send(RISK_SCORING_COMMANDS.get_subject_score, {
      account_id: principal.account_id,
      doc_id: doc_id.slice(0, 200),
      country: query.country,
    });
  }
}
