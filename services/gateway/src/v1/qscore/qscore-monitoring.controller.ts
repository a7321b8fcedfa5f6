import { Controller, Delete, Get, HttpCode, Param, Put, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  monitoringResource,
  RISK_MONITORING_COMMANDS,
  subjectCountryQuery,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiReply, ApiZodQuery, listingPage, ValidatedQuery } from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { accountListing } from '../account-listing';
import { ApiErrors } from '../aml/api-errors.decorator';

const pageQuery = z.object({ page: z.unknown().optional(), page_size: z.unknown().optional() });
type CountryQuery = z.infer<typeof subjectCountryQuery>;

const SUBJECT_ERRORS = ['country_required', 'invalid_country', 'invalid_doc_id'] as const;

const PUT_DESCRIPTION = [
  'Watches a subject this account has reported (403 `report_required` otherwise), from the score',
  'of its latest report. When the bureau’s data of the subject changes, the subject is evaluated',
  'again: a score other than the last one told emits `risk_score_changed`, and a change of band',
  'also `risk_monitoring_alert` (`direction` `improved` or `worsened`). The first request creates',
  'the subscription (201); a repeat answers it (200).',
].join(' ');

/** Monitoring of reported subjects and the index (decisions D10). */
@ApiTags('credit scoring')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/qscore')
export class QscoreMonitoringController {
  constructor(private readonly bus: BusClient) {}

  @Put('subjects/:docID/monitoring')
  @HttpCode(201)
  @ApiOperation({ summary: 'Monitor a subject', description: PUT_DESCRIPTION })
  @ApiZodQuery(subjectCountryQuery)
  @ApiReply(monitoringResource, 201, 'created')
  @ApiReply(monitoringResource, 200, 'the account already monitored the subject')
  @ApiErrors(...SUBJECT_ERRORS, 'invalid_request', 'unauthorized', 'report_required')
  async start(
    @CurrentPrincipal() principal: Principal,
    @Param('docID') doc_id: string,
    @ValidatedQuery(subjectCountryQuery) query: CountryQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { monitoring, created } = await this.bus.send(RISK_MONITORING_COMMANDS.start, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      country: query.country ?? '',
      doc_id,
    });
    if (!created) void reply.code(200);
    return monitoring;
  }

  @Get('subjects/:docID/monitoring')
  @ApiOperation({
    summary: "Read a subject's monitoring",
    description: 'The subscription with the last score told. Not monitored: 404 `not_found`.',
  })
  @ApiZodQuery(subjectCountryQuery)
  @ApiReply(RISK_MONITORING_COMMANDS.get)
  @ApiErrors(...SUBJECT_ERRORS, 'invalid_request', 'unauthorized', 'not_found')
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('docID') doc_id: string,
    @ValidatedQuery(subjectCountryQuery) query: CountryQuery,
  ) {
    return this.bus.send(RISK_MONITORING_COMMANDS.get, {
      account_id: principal.account_id,
      country: query.country ?? '',
      doc_id,
    });
  }

  @Delete('subjects/:docID/monitoring')
  @ApiOperation({
    summary: 'Stop monitoring a subject',
    description: 'No more events of the subject. Not monitored: 404 `not_found`.',
  })
  @ApiZodQuery(subjectCountryQuery)
  @ApiReply(RISK_MONITORING_COMMANDS.stop)
  @ApiErrors(...SUBJECT_ERRORS, 'invalid_request', 'unauthorized', 'not_found')
  stop(
    @CurrentPrincipal() principal: Principal,
    @Param('docID') doc_id: string,
    @ValidatedQuery(subjectCountryQuery) query: CountryQuery,
  ) {
    return this.bus.send(RISK_MONITORING_COMMANDS.stop, {
      account_id: principal.account_id,
      country: query.country ?? '',
      doc_id,
    });
  }

  @Get('monitoring')
  @ApiOperation({
    summary: 'List monitored subjects',
    description: 'Active subscriptions, newest first; `page`, `page_size`.',
  })
  @ApiZodQuery(pageQuery)
  @ApiReply(listingPage('monitoring', monitoringResource))
  @ApiErrors('invalid_request', 'unauthorized')
  list(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(pageQuery) query: z.infer<typeof pageQuery>,
  ) {
    return accountListing(this.bus, {
      command: RISK_MONITORING_COMMANDS.list,
      collection: 'monitoring',
      principal,
      query,
    });
  }

  @Get('index')
  @ApiOperation({
    summary: 'Read the score index',
    description:
      'The score distribution of the subjects this account has reported, each subject counted ' +
      'once by its latest report: subjects per band, average (rounded), median, minimum and ' +
      'maximum score.',
  })
  @ApiReply(RISK_MONITORING_COMMANDS.index)
  @ApiErrors('unauthorized')
  scoreIndex(@CurrentPrincipal() principal: Principal) {
    return this.bus.send(RISK_MONITORING_COMMANDS.index, { account_id: principal.account_id });
  }

  @Get('index/account')
  @ApiOperation({
    summary: "Read the account's standing",
    description:
      'This account as a bureau customer: its reports (total, last 30 days, latest), the ' +
      'subjects it reported and monitors, its disputes by status, its fraud reports, and its ' +
      'own score from its own report (`POST /v1/qscore/my-report`; null until then).',
  })
  @ApiReply(RISK_MONITORING_COMMANDS.standing)
  @ApiErrors('unauthorized')
  standing(@CurrentPrincipal() principal: Principal) {
    return this.bus.send(RISK_MONITORING_COMMANDS.standing, { account_id: principal.account_id });
  }
}
