import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  creditDisputeResource,
  openCreditDisputeBody,
  RISK_DISPUTE_COMMANDS,
  type OpenCreditDisputeBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
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

const countryQuery = z.object({ country: z.string().max(10).optional() });
const listQuery = countryQuery.extend({
  page: z.unknown().optional(),
  page_size: z.unknown().optional(),
});

const OPEN_DESCRIPTION = [
  'Disputes one factor of the latest report this account made of the subject (403',
  '`report_required` without one): `factor_code` is one of that report’s factors (400',
  '`invalid_request` otherwise), `reason` 1 to 2,000 characters. `country` in the body or the',
  'query. The dispute is `open` (201, `dispute_status_changed` with `kind: credit_report`); a',
  'repeat while that factor’s dispute is open answers it (200). A dispute is decided once:',
  '`resolved` (the factor is neutralized in every later evaluation of the subject: no points,',
  'and monitors of the subject are rescored) or `rejected`.',
].join(' ');

/** Disputes of credit-report factors (decisions D10). */
@ApiTags('credit scoring')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/qscore')
export class QscoreDisputesController {
  constructor(private readonly bus: BusClient) {}

  @Post('subjects/:docID/disputes')
  @HttpCode(201)
  @ApiOperation({ summary: 'Dispute a report factor', description: OPEN_DESCRIPTION })
  @ApiZodQuery(countryQuery)
  @ApiZodBody(openCreditDisputeBody)
  @ApiReply(creditDisputeResource, 201, 'opened')
  @ApiReply(creditDisputeResource, 200, 'the factor’s open dispute')
  @ApiErrors(
    'country_required',
    'invalid_country',
    'invalid_doc_id',
    'invalid_request',
    'invalid_json',
    'unauthorized',
    'report_required',
  )
  async open(
    @CurrentPrincipal() principal: Principal,
    @Param('docID') doc_id: string,
    @ValidatedQuery(countryQuery) query: z.infer<typeof countryQuery>,
    @ValidatedBody(openCreditDisputeBody) body: OpenCreditDisputeBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { dispute, created } = await this.bus.send(RISK_DISPUTE_COMMANDS.open, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      country: body.country ?? query.country ?? '',
      doc_id,
      factor_code: body.factor_code,
      reason: body.reason,
    });
    if (!created) void reply.code(200);
    return dispute;
  }

  @Get('subjects/:docID/disputes')
  @ApiOperation({
    summary: "List a subject's disputes",
    description: "This account's disputes of the subject, newest first; `page`, `page_size`.",
  })
  @ApiZodQuery(listQuery)
  @ApiReply(listingPage('disputes', creditDisputeResource))
  @ApiErrors(
    'country_required',
    'invalid_country',
    'invalid_doc_id',
    'invalid_request',
    'unauthorized',
  )
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param('docID') doc_id: string,
    @ValidatedQuery(listQuery) query: z.infer<typeof listQuery>,
  ) {
    const pagination = parsePagination(query);
    const { disputes } = await this.bus.send(RISK_DISPUTE_COMMANDS.list, {
      account_id: principal.account_id,
      country: query.country ?? '',
      doc_id,
      limit: pagination.limit,
      offset: pagination.offset,
    });
    return pageBody('disputes', pagination, disputes);
  }

  @Get('disputes/:id')
  @ApiOperation({
    summary: 'Read a report-factor dispute',
    description:
      '`status` `open`, `resolved` or `rejected`, with the `resolution` once decided. Another ' +
      "account's dispute: 404 `not_found`.",
  })
  @ApiReply(RISK_DISPUTE_COMMANDS.get)
  @ApiErrors('unauthorized', 'not_found')
  get(@CurrentPrincipal() principal: Principal, @Param('id') dispute_id: string) {
    return this.bus.send(RISK_DISPUTE_COMMANDS.get, {
      account_id: principal.account_id,
      dispute_id,
    });
  }
}
