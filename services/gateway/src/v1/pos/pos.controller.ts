import { Controller, Get, Headers, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  parseFilterDates,
  POS_COMMANDS,
  posChargeView,
  posRefundBody,
  posRefundReply,
  type PosRefundBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiCredentials,
  ApiReply,
  ApiZodBody,
  ApiZodQuery,
  EXPORT_ROW_LIMIT,
  idempotencyKeyOf,
  listingPage,
  pageBody,
  EXPORT_QUERY_FIELDS,
  exportBody,
  exportReader,
  parseExportFormat,
  parsePagination,
  ValidatedBody,
  ValidatedQuery,
} from '../../http';
import { RequireCredentialLevel, RequireRole } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';
import { POS_EXPORT_COLUMNS, posExportRow } from './pos-export';

const listQuery = z.object({
  from: z.string().optional().describe('YYYY-MM-DD in the organization time zone'),
  to: z.string().optional().describe('YYYY-MM-DD in the organization time zone, inclusive'),
  terminal_id: z.string().optional(),
  status: z.string().optional().describe('`received` or `pending`'),
  ...EXPORT_QUERY_FIELDS,
  page: z.unknown().optional(),
  page_size: z.unknown().optional(),
});
const summaryQuery = z.object({
  from: z.string().optional().describe('YYYY-MM-DD in the organization time zone'),
  to: z.string().optional().describe('YYYY-MM-DD in the organization time zone, inclusive'),
  group_by: z.string().optional().describe('`day` (default) or `terminal`'),
});

/** POS: charges card-terminal processors report for the merchant account. */
@ApiTags('pos')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/pos')
export class PosController {
  constructor(private readonly bus: BusClient) {}

  @Get('summary')
  @ApiOperation({
    summary: 'Totals of the account’s POS charges',
    description:
      'Received charges only (pending ones are not money yet), per currency: `gross` (charged), ' +
      '`refunded`, `net` (gross minus refunded) and `count`; `groups` splits them by `group_by` ' +
      '`day` (default; days of the organization time zone, newest first) or `terminal`. ' +
      '`from`/`to` are days of the organization time zone (400 `invalid_range`).',
  })
  @ApiZodQuery(summaryQuery)
  @ApiReply(POS_COMMANDS.summary)
  @ApiErrors('invalid_range', 'invalid_request', 'unauthorized')
  summary(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(summaryQuery) query: z.infer<typeof summaryQuery>,
  ) {
    return this.bus.send(POS_COMMANDS.summary, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      ...parseFilterDates(query),
      group_by: query.group_by || undefined,
    });
  }

  @Get('charges')
  @ApiOperation({
    summary: 'List the account’s POS charges, newest first',
    description:
      'Filters `from`/`to` (YYYY-MM-DD in the organization time zone), `terminal_id`, `status` ' +
      '(`received`, `pending`; otherwise 400 `invalid_status`). `format=csv|xlsx` downloads up ' +
      'to 10,000 rows.',
  })
  @ApiZodQuery(listQuery)
  @ApiReply(listingPage('charges', posChargeView))
  @ApiErrors('invalid_range', 'invalid_status', 'invalid_request', 'unauthorized')
  async list(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(listQuery) query: z.infer<typeof listQuery>,
    @Headers('accept-language') accept_language: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const format = parseExportFormat(query.format);
    const pagination = parsePagination(query);
    const { charges } = await this.bus.send(POS_COMMANDS.list_charges, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      ...parseFilterDates(query),
      terminal_id: query.terminal_id || undefined,
      status: query.status || undefined,
      limit: format ? EXPORT_ROW_LIMIT + 1 : pagination.limit,
      offset: format ? 0 : pagination.offset,
    });
    if (!format) return pageBody('charges', pagination, charges);
    return exportBody(reply, {
      format,
      filename: 'pos-charges',
      columns: POS_EXPORT_COLUMNS,
      rows: charges.map(posExportRow),
      reader: await exportReader(this.bus, principal, query, accept_language),
    });
  }

  @Get('charges/:id')
  @ApiOperation({
    summary: 'Read a POS charge',
    description: "Another account's charge: 404 `not_found`.",
  })
  @ApiReply(POS_COMMANDS.get_charge)
  @ApiErrors('unauthorized', 'not_found')
  get(@CurrentPrincipal() principal: Principal, @Param('id') charge_id: string) {
    return this.bus.send(POS_COMMANDS.get_charge, {
      account_id: principal.account_id,
      charge_id,
    });
  }

  @Post('charges/:id/refund')
  @HttpCode(201)
  @RequireRole('operator')
  @ApiOperation({
    summary: 'Refund a POS charge',
    description:
      'Refunds `amount` (all that remains when omitted) and debits it from the merchant ' +
      'account (402 `insufficient_funds` when the balance is too low). A charge not received ' +
      '(`pending`): 422 `nothing_received`; more than remains: 422 `refund_exceeds_received`; ' +
      'a charge of a disabled terminal: 422 `merchant_disabled`. `idempotency_key` (body or ' +
      '`Idempotency-Key` header) is required: a repeat answers the first refund (200), another ' +
      'request with the key 409 `idempotency_conflict`. Another account’s charge: 404 `not_found`.',
  })
  @ApiZodBody(posRefundBody)
  @ApiReply(posRefundReply, 201, 'refunded')
  @ApiReply(posRefundReply, 200, 'the refund of this idempotency key')
  @ApiErrors(
    'invalid_amount',
    'invalid_json',
    'invalid_request',
    'idempotency_key_required',
    'invalid_idempotency_key',
    'reserved_idempotency_key',
    'unauthorized',
    'insufficient_funds',
    'not_found',
    'idempotency_conflict',
    'nothing_received',
    'refund_exceeds_received',
    'merchant_disabled',
  )
  async refund(
    @CurrentPrincipal() principal: Principal,
    @Param('id') charge_id: string,
    @ValidatedBody(posRefundBody) body: PosRefundBody,
    @Headers('idempotency-key') header_key: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { refund, created } = await this.bus.send(POS_COMMANDS.refund_charge, {
      account_id: principal.account_id,
      charge_id,
      body: { ...body, idempotency_key: idempotencyKeyOf(body.idempotency_key, header_key) },
    });
    if (!created) void reply.code(200);
    return refund;
  }
}
