import {
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  confirmPayoutQrBody,
  createPayoutBody,
  PAYOUT_STATUSES,
  PAYOUTS_COMMANDS,
  payoutResource,
  scanPayoutQrBody,
  uploadPayoutDocumentBody,
  parseFilterDates,
  type CreatePayoutBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import type { TransferArea } from '@platform/object-storage';
import { TRANSFER_AREA } from '@platform/runtime';
import {
  ApiIdempotentReplay,
  ApiCredentials,
  ApiDocumentLocale,
  ApiFileReply,
  ApiReply,
  ApiZodBody,
  ApiZodQuery,
  documentLocale,
  EXPORT_QUERY_FIELDS,
  EXPORT_ROW_LIMIT,
  exportBody,
  exportReader,
  idempotencyKeyOf,
  listingPage,
  pageBody,
  parseExportFormat,
  parsePagination,
  requireDocumentLanguage,
  sendPdf,
  ValidatedBody,
  ValidatedQuery,
  withStagedText,
} from '../../http';
import { RequireCredentialLevel, RequireOtp } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import {
  CREATE_PAYOUT_DESCRIPTION,
  DOCUMENTS_DESCRIPTION,
  LIST_PAYOUTS_DESCRIPTION,
  QR_CONFIRM_DESCRIPTION,
  QR_SCAN_DESCRIPTION,
  RECEIPT_DESCRIPTION,
} from './payout-docs';
import { PAYOUT_EXPORT_COLUMNS, payoutExportRow } from './payout-export';

const listQuery = z.object({
  status: z.enum(PAYOUT_STATUSES).optional(),
  country: z.string().max(8).optional(),
  method: z.string().max(40).optional(),
  search: z.string().max(200).optional(),
  from: z.unknown().optional(),
  to: z.unknown().optional(),
  ...EXPORT_QUERY_FIELDS,
  page: z.unknown().optional(),
  page_size: z.unknown().optional(),
});

/** Payouts (spec §4 "Payouts"; decisions D4, D6, D7). */
@ApiTags('payouts')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/payouts')
export class PayoutsController {
  constructor(
    private readonly bus: BusClient,
    @Inject(TRANSFER_AREA) private readonly transfers: TransferArea,
  ) {}

  /** A create and its replays answer 202 with the payout (spec §3, D7). */
  @Post()
  @HttpCode(202)
  @RequireOtp('payout.create')
  @ApiOperation({ summary: 'Create a payout', description: CREATE_PAYOUT_DESCRIPTION })
  @ApiZodBody(createPayoutBody)
  @ApiReply(payoutResource, 202)
  @ApiIdempotentReplay()
  async create(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(createPayoutBody) body: CreatePayoutBody,
    @Headers('idempotency-key') header_key: string | undefined,
  ) {
    const { idempotency_key: body_key, ...request } = body;
    const { payout } = await this.bus.send(PAYOUTS_COMMANDS.create_payout, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      idempotency_key: idempotencyKeyOf(body_key, header_key) ?? null,
      request,
    });
    return payout;
  }

  @Get()
  @ApiOperation({ summary: 'List payouts', description: LIST_PAYOUTS_DESCRIPTION })
  @ApiZodQuery(listQuery)
  @ApiReply(listingPage('payouts', payoutResource))
  async list(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(listQuery) query: z.infer<typeof listQuery>,
    @Headers('accept-language') accept_language: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const format = parseExportFormat(query.format);
    const pagination = parsePagination(query);
    const { payouts } = await this.bus.send(PAYOUTS_COMMANDS.list_payouts, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      status: query.status,
      country: query.country,
      method: query.method,
      search: query.search,
      ...parseFilterDates(query),
      limit: format ? EXPORT_ROW_LIMIT + 1 : pagination.limit,
      offset: format ? 0 : pagination.offset,
    });
    if (!format) return pageBody('payouts', pagination, payouts);
    return exportBody(reply, {
      format,
      filename: 'payouts',
      columns: PAYOUT_EXPORT_COLUMNS,
      rows: payouts.map(payoutExportRow),
      reader: await exportReader(this.bus, principal, query, accept_language),
    });
  }

  @Post('documents')
  @HttpCode(201)
  @ApiOperation({ summary: 'Upload a supporting document', description: DOCUMENTS_DESCRIPTION })
  @ApiZodBody(uploadPayoutDocumentBody)
  @ApiReply(PAYOUTS_COMMANDS.upload_document, 201)
  uploadDocument(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(uploadPayoutDocumentBody) body: z.infer<typeof uploadPayoutDocumentBody>,
  ) {
    const { content_base64, ...document } = body;
    return withStagedText(this.transfers, content_base64, (content_key) =>
      this.bus.send(PAYOUTS_COMMANDS.upload_document, {
        account_id: principal.account_id,
        document: { ...document, content_key },
      }),
    );
  }

  @Post('qr/scan')
  @HttpCode(200)
  @ApiOperation({ summary: 'Decode a payout QR (no debit)', description: QR_SCAN_DESCRIPTION })
  @ApiZodBody(scanPayoutQrBody)
  @ApiReply(PAYOUTS_COMMANDS.scan_qr)
  scan(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(scanPayoutQrBody, { error_code: 'invalid_qr_payload' })
    body: z.infer<typeof scanPayoutQrBody>,
  ) {
    return this.bus.send(PAYOUTS_COMMANDS.scan_qr, {
      account_id: principal.account_id,
      qr_payload: body.qr_payload,
    });
  }

  @Post('qr/confirm')
  @HttpCode(202)
  @RequireOtp('payout.create')
  @ApiOperation({ summary: 'Pay a scanned QR', description: QR_CONFIRM_DESCRIPTION })
  @ApiZodBody(confirmPayoutQrBody)
  @ApiReply(payoutResource, 202)
  @ApiIdempotentReplay()
  async confirmQr(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(confirmPayoutQrBody) body: z.infer<typeof confirmPayoutQrBody>,
    @Headers('idempotency-key') header_key: string | undefined,
  ) {
    const { idempotency_key: body_key, ...request } = body;
    const { payout } = await this.bus.send(PAYOUTS_COMMANDS.confirm_qr, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      idempotency_key: idempotencyKeyOf(body_key, header_key) ?? null,
      request,
    });
    return payout;
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Read a payout',
    description: "Another account's payout: 404 `not_found`.",
  })
  @ApiReply(PAYOUTS_COMMANDS.get_payout)
  get(@CurrentPrincipal() principal: Principal, @Param('id') payout_id: string) {
    return this.bus.send(PAYOUTS_COMMANDS.get_payout, {
      account_id: principal.account_id,
      payout_id,
    });
  }

  @Get(':id/receipt')
  @ApiFileReply(['application/pdf'], 'the receipt, a PDF')
  @ApiOperation({ summary: 'Payout receipt (PDF)', description: RECEIPT_DESCRIPTION })
  @ApiProduces('application/pdf')
  @ApiDocumentLocale()
  async receipt(
    @CurrentPrincipal() principal: Principal,
    @Param('id') payout_id: string,
    @Query('lang') lang: unknown,
    @Query('locale') locale: unknown,
    @Headers('accept-language') accept_language: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    requireDocumentLanguage(lang);
    const chosen = await documentLocale(this.bus, principal, { lang, locale }, accept_language);
    const receipt = await this.bus.send(PAYOUTS_COMMANDS.get_receipt, {
      account_id: principal.account_id,
      payout_id,
      locale: chosen,
    });
    return sendPdf(reply, receipt);
  }
}
