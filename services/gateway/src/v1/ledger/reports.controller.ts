import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { DomainError, LEDGER_COMMANDS, movementView, parseFilterDates } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiCredentials,
  ApiDateFilters,
  ApiDocumentLocale,
  ApiExportFormat,
  ApiFileReply,
  ApiPagination,
  ApiReply,
  exportBody,
  exportReader,
  listingPage,
  pageBody,
  parseExportFormat,
  parsePagination,
  resolveLocale,
} from '../../http';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { MOVEMENT_EXPORT_COLUMNS } from './ledger-export';
import {
  drawableLocale,
  renderStatement,
  STATEMENT_CONTENT_TYPES,
  STATEMENT_FORMATS,
  type StatementFormat,
} from './statement-document';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** Query locale then Accept-Language (spec §1 order, without a profile lookup for exports). */

/** Ledger movements and the account statement (spec §4 "Balances, rates, reports"). */
@ApiTags('balances')
@ApiCredentials()
@Controller('v1')
export class LedgerReportsController {
  constructor(private readonly bus: BusClient) {}

  @Get('movements')
  @ApiReply(listingPage('movements', movementView))
  @ApiOperation({
    summary: 'Ledger movements, newest first',
    description:
      '`{page, page_size, has_more, movements: [{id, created_at, asset, amount (signed), balance_after, ' +
      'kind, reference_id, description}]}`. `from`/`to` are YYYY-MM-DD in the organization ' +
      'timezone (from inclusive midnight, to exclusive next midnight). `format=csv|xlsx` exports ' +
      'up to 10,000 rows (see `format`). A placed hold shows as a debit and a released one as a ' +
      'credit. `description` reads like a bank statement ("Payout to Ana Diaz (PIX)", "Payin ' +
      'via bank transfer"), the same in the listing and its exports.',
  })
  @ApiDateFilters()
  @ApiPagination()
  @ApiExportFormat()
  @ApiDocumentLocale()
  async movements(
    @CurrentPrincipal() principal: Principal,
    @Query() query: Record<string, unknown>,
    @Headers('accept-language') accept_language: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const format = parseExportFormat(query.format);
    const pagination = parsePagination(query);
    const { movements } = await this.bus.send(LEDGER_COMMANDS.query_movements, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      ...parseFilterDates(query),
      page: pagination.page,
      page_size: pagination.page_size,
      limit: pagination.limit,
      export: format !== undefined,
    });
    if (!format) return pageBody('movements', pagination, movements);
    return exportBody(reply, {
      format,
      filename: 'movements',
      columns: MOVEMENT_EXPORT_COLUMNS,
      rows: movements,
      reader: await exportReader(this.bus, principal, query, accept_language),
    });
  }

  @Get('reports/statement')
  @ApiFileReply(
    ['application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    'the statement, a PDF or an XLSX workbook (`format`)',
  )
  @ApiOperation({
    summary: 'Account statement (PDF or XLSX)',
    description:
      '`format=pdf` (default) or `xlsx`, anything else `invalid_format`; no Accept-header ' +
      'negotiation. `from`/`to` YYYY-MM-DD in the organization timezone (default the last 30 ' +
      'days). Opening and closing balance per asset and totals by kind; never the raw movements. ' +
      'Language: valid `lang`, then `locale`, the account profile, the organization default, ' +
      '`Accept-Language`, English; an invalid value is ignored (`Content-Language` tells).',
  })
  @ApiQuery({ name: 'format', required: false, enum: ['pdf', 'xlsx'] })
  @ApiDateFilters()
  @ApiDocumentLocale()
  async statement(
    @CurrentPrincipal() principal: Principal,
    @Query() query: Record<string, unknown>,
    @Headers('accept-language') accept_language: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const format = statementFormat(query.format);
    const data = await this.bus.send(LEDGER_COMMANDS.get_statement, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      ...parseFilterDates(query),
    });
    const requested = resolveLocale({
      query_lang: text(query.lang),
      query_locale: text(query.locale),
      account_locale: data.account_locale,
      org_locale: data.org_locale,
      accept_language: accept_language ?? null,
    });
    const locale = drawableLocale(requested, format);
    const body = await renderStatement(data, format, locale);
    const filename = `statement-${data.from}-${data.to}.${format}`;
    void reply
      .header('Content-Type', STATEMENT_CONTENT_TYPES[format])
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .header('Content-Language', locale)
      .header('Cache-Control', 'no-store');
    return body;
  }
}

function statementFormat(value: unknown): StatementFormat {
  if (value === undefined || value === '') return 'pdf';
  const format = STATEMENT_FORMATS.find((candidate) => candidate === value);
  if (!format) throw new DomainError('invalid_format', 'format must be pdf or xlsx');
  return format;
}
