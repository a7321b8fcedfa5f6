import { Controller, Get, Headers, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  createFraudReportBody,
  fraudReportResource,
  RISK_FRAUD_COMMANDS,
  type CreateFraudReportBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiReply, ApiZodBody, idempotencyKeyOf, ValidatedBody } from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';

const CREATE_DESCRIPTION = [
  'Scores the fraud risk of an application from what this account observed about it: 0 (nothing',
  'suspicious) to 100, `level` `low` (under 25), `medium` (25-49), `high` (50-74) or `very_high`,',
  'and the `reasons` with their points, largest first (emits `risk_fraud_score_ready`). Signals,',
  'each optional: `device_mismatch` 20, `email_mismatch` 15, `phone_mismatch` 10,',
  '`ip_country_mismatch` 10, `disposable_email` 10, `document_reuse_count` (25 for one other',
  'identity, 10 more each up to 45), `applications_last_24h` (3+: 10, 5+: 20, 10+: 30),',
  '`account_age_days` (under 7: 10, under 30: 5). `subject_type` defaults to `person`. With an',
  '`idempotency_key` (body or header) a repeat answers the first report (200); another request',
  'with the key: 409 `idempotency_conflict`.',
].join(' ');

/** Fraud reports (decisions D10). */
@ApiTags('credit scoring')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/qscore/fraud/reports')
export class QscoreFraudController {
  constructor(private readonly bus: BusClient) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a fraud report', description: CREATE_DESCRIPTION })
  @ApiZodBody(createFraudReportBody)
  @ApiReply(fraudReportResource, 201, 'scored')
  @ApiReply(fraudReportResource, 200, 'the report of this idempotency key')
  @ApiErrors(
    'invalid_country',
    'invalid_doc_id',
    'invalid_subject_type',
    'invalid_idempotency_key',
    'reserved_idempotency_key',
    'invalid_request',
    'invalid_json',
    'unauthorized',
    'idempotency_conflict',
  )
  async create(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(createFraudReportBody) body: CreateFraudReportBody,
    @Headers('idempotency-key') header_key: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { country, doc_id, subject_type, idempotency_key, ...signals } = body;
    const { report, created } = await this.bus.send(RISK_FRAUD_COMMANDS.create, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      country,
      doc_id,
      subject_type,
      idempotency_key: idempotencyKeyOf(idempotency_key, header_key),
      signals,
    });
    if (!created) void reply.code(200);
    return report;
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Read a fraud report',
    description: "Another account's report: 404 `not_found`.",
  })
  @ApiReply(RISK_FRAUD_COMMANDS.get)
  @ApiErrors('unauthorized', 'not_found')
  get(@CurrentPrincipal() principal: Principal, @Param('id') fraud_report_id: string) {
    return this.bus.send(RISK_FRAUD_COMMANDS.get, {
      account_id: principal.account_id,
      fraud_report_id,
    });
  }
}
