import {
  Controller,
  Get,
  Inject,
  Headers,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PAYINS_COMMANDS,
  payinCollectBody,
  payinCreateBody,
  payinRefundBody,
  payinView,
  parseFilterDates,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../../gateway.settings';
import {
  ApiIdempotentReplay,
  ApiCredentials,
  ApiDocumentLocale,
  ApiFileReply,
  ApiReply,
  ApiZodBody,
  ApiZodQuery,
  documentLocale,
  EXPORT_ROW_LIMIT,
  idempotencyKeyOf,
  listingPage,
  pageBody,
  EXPORT_QUERY_FIELDS,
  exportBody,
  exportReader,
  parseExportFormat,
  parsePagination,
  requireDocumentLanguage,
  sendPdf,
  ValidatedBody,
  ValidatedQuery,
} from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { PAYIN_EXPORT_COLUMNS, payinExportRow } from './payin-export';
import { publicBaseUrl } from './public-base-url';

const listQuery = z.object({
  status: z.string().optional(),
  country: z.string().optional(),
  method: z.string().optional(),
  instrument_id: z.string().max(100).optional(),
  kind: z.string().max(20).optional(),
  refund_status: z.string().max(20).optional(),
  search: z.string().max(200).optional(),
  from: z.unknown().optional(),
  to: z.unknown().optional(),
  ...EXPORT_QUERY_FIELDS,
  page: z.unknown().optional(),
  page_size: z.unknown().optional(),
});

const PAYIN_RECEIPT_DESCRIPTION =
  'The receipt of money received, as a PDF: issuer, receipt number (payin id), payment ' +
  'reference, date received, recipient (the account holder), payer when known, payment method ' +
  '(and card or deposit account, masked), amount received, exchange rate, fee, amount credited, ' +
  'settlement (scheduled date while a card settlement is pending), refunds, your ' +
  '`idempotency_key`. Language: a valid `?lang=` (en, es, zh; another value answers 400 ' +
  '`invalid_language`), else a valid `?locale=`, else the account profile’s language, else the ' +
  'organization default, else `Accept-Language`, else English. 409 `receipt_not_available` ' +
  'for a payin that is not credited (pending, expired, failed); another account’s payin 404 ' +
  '`not_found`.';

/** Payins (spec §4 "Payins and checkout"; decisions D4, D6, D7). */
@ApiTags('payins')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/payins')
export class PayinsController {
  constructor(
    private readonly bus: BusClient,
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiReply(PAYINS_COMMANDS.create_payin, 201)
  @ApiIdempotentReplay()
  @ApiOperation({
    summary: 'Create a payin (qr, bank_transfer, fintoc, card, checkout)',
    description:
      'Needs approved identity verification (403 `verification_required`). Bodies by method ' +
      ': `bank_transfer`, `qr`, `fintoc`: `{method, country, currency, amount, ' +
      'idempotency_key?, glosa?, customer?, fiat_hold_local?}` (`fiat_hold_local: true` keeps a ' +
      'BOB, MXN or ARS payin in that local balance instead of converting it); `card`: the same ' +
      'plus `customer {name, email}` (required), `expires_at?` (RFC 3339, 5 minutes to 48 hours ' +
      'ahead, default 24 h; otherwise 400 `invalid_request`), `settlement_hours?` (per request: ' +
      '0 or a multiple of 24 up to 720, counted in business days without US federal holidays; ' +
      '400 `invalid_settlement_hours`), `save_card?`, `success_url?`, `failure_url?`, answering ' +
      'with `payment_url` (hosted card page; the sandbox charges when the payer submits it); ' +
      '`checkout`: `{method, amount, settlement_asset? (default USD), expires_in (600..604800 s), ' +
      'success_url?, failure_url?}` answering with `checkout_url` (`{base}/pay/{token}`); ' +
      '`currency` is rejected with `invalid_request`. Idempotency: `idempotency_key` in the body ' +
      'or the `Idempotency-Key` header (body wins); a replay answers the original payin with ' +
      '`idempotency_hit: true`, a different country, currency, method or amount 409 ' +
      '`idempotency_conflict`. Unsupported corridors: 400 `payin_corridor_unsupported`. ' +
      'A card the processor refuses: 422 `provider_rejected` (sandbox amount endings: see the ' +
      '`sandbox` tag); 50 open card sessions at most (429 `too_many_open_card_sessions`). ' +
      'Stored cards: `save_card: true` stores the card once the payin is paid (its ' +
      '`instrument_id`, see `GET /v1/payins/cards`); `{method: "card", instrument_id, country, ' +
      'currency, amount, customer?}` charges a stored card at once without a hosted page (422 ' +
      '`stored_card_revoked`, `stored_card_corridor_mismatch`). EC/USD `bank_transfer` payins ' +
      'are confirmed by two operators of the account (`/confirm-received`, `/confirm-approve`, ' +
      '`/confirm-cancel`), never by the simulator.',
  })
  @ApiZodBody(payinCreateBody)
  create(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(payinCreateBody) body: z.infer<typeof payinCreateBody>,
    @Headers('idempotency-key') header_key: string | undefined,
    @Req() request: FastifyRequest,
  ) {
    return this.bus.send(PAYINS_COMMANDS.create_payin, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      base_url: publicBaseUrl(request, this.context.environment, this.settings),
      kyc_status: principal.kyc_status,
      body: { ...body, idempotency_key: idempotencyKeyOf(body.idempotency_key, header_key) },
    });
  }

  @Post('collect/otp')
  @HttpCode(201)
  @ApiReply(PAYINS_COMMANDS.request_collect_otp, 201)
  @ApiOperation({
    summary: 'Ask the payer’s bank to send the payer a collection code (pull collections)',
    description:
      'Body as `POST /v1/payins/collect` without `otp` (`amount` optional). ' +
      '`debito_inmediato` (VE/VES, `otp_route: true` in `GET /v1/payins/methods`): has the ' +
      'payer’s bank send the payer an SMS code, answering 201 `{otp_sent: true, channel: "sms", ' +
      'method, payer_phone (masked), expires_at}`; the code is usable once by a collection for the ' +
      'same payer (phone, document, bank) within 5 minutes. VE/VES `c2p` has no OTP route: the ' +
      'payer obtains the dynamic key from their bank, so this answers 400 `invalid_request`. ' +
      'A payer the rail refuses: 422 `collect_rejected`, and no code is sent (sandbox values: see ' +
      'the `sandbox` tag).',
  })
  @ApiZodBody(payinCollectBody)
  collectOtp(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(payinCollectBody) body: z.infer<typeof payinCollectBody>,
  ) {
    return this.bus.send(PAYINS_COMMANDS.request_collect_otp, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      kyc_status: principal.kyc_status,
      body,
    });
  }

  @Post('collect')
  @HttpCode(201)
  @ApiReply(PAYINS_COMMANDS.collect_payin, 201)
  @ApiIdempotentReplay()
  @ApiOperation({
    summary: 'Pull collection: debit the payer’s account with their bank key',
    description:
      'Body `{method: "c2p" | "debito_inmediato", country: "VE", currency: "VES", amount, otp, ' +
      'payer {phone, document, bank_code}, idempotency_key?, glosa?}`; `otp` is, for `c2p`, the ' +
      '6-8 digit dynamic key the payer’s bank issued and, for `debito_inmediato`, the SMS code ' +
      'the payer received after `POST /v1/payins/collect/otp` (without an open code for this ' +
      'payer, or once it was used or expired: 422 `collect_otp_failed`). Answers 201 with the ' +
      'pending payin (idempotency as for create). Needs approved verification. A failed ' +
      'collection is `failed` with `failure` {origin, code, message}. A wrong key or code ' +
      'answers 422 `collect_otp_failed` (an SMS code stays usable), a refused payer 422 ' +
      '`collect_rejected`; nothing is stored. Sandbox values: see the `sandbox` tag.',
  })
  @ApiZodBody(payinCollectBody)
  collect(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(payinCollectBody) body: z.infer<typeof payinCollectBody>,
    @Headers('idempotency-key') header_key: string | undefined,
  ) {
    return this.bus.send(PAYINS_COMMANDS.collect_payin, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      kyc_status: principal.kyc_status,
      body: { ...body, idempotency_key: idempotencyKeyOf(body.idempotency_key, header_key) },
    });
  }

  @Get('methods')
  @ApiReply(PAYINS_COMMANDS.list_methods)
  @ApiOperation({
    summary: 'The payin corridor catalog',
    description:
      '`{methods: [{method, kind?, otp_route?, country, currency, delivery, fiat_hold_local, ' +
      'manual_confirmation?, settlement_assets?}]}` (`manual_confirmation: true`: confirmed by ' +
      'two operators; `kind: "collect"`: a pull collection, whose `otp_route: true` means ' +
      '`/collect/otp` has the payer’s bank send an SMS code first); ' +
      '`delivery` says how payment reaches the platform (`push+polling`, `push`, `redirect+push`).',
  })
  methods() {
    return this.bus.send(PAYINS_COMMANDS.list_methods, {});
  }

  @Get()
  @ApiReply(listingPage('payins', payinView))
  @ApiOperation({
    summary: 'List payins, newest first',
    description:
      'Filters `status`, `country`, `method`, `kind` (`checkout`: checkout links, `collect`: ' +
      'pull collections, `deposit`: deposits into dedicated deposit accounts (method ' +
      '`deposit_account`), `payin`: the others), `refund_status` (`none`, `partial`, `refunded`), ' +
      '`instrument_id` (payins that saved or charged ' +
      'that stored card), `search` (reference, id, idempotency key, glosa, ' +
      'customer), `from`/`to` (YYYY-MM-DD in the organization time zone). `format=csv|xlsx` ' +
      'downloads up to 10,000 rows (with `Instrument ID` and `Instrument`, e.g. `card visa 4242 ' +
      '12/2029`). Listing `{page, page_size, has_more, payins}`; each payin carries `instrument` (the ' +
      'stored card it saved or was charged to: `{type: "card", brand, last4, exp_month, ' +
      'exp_year}`, else null), `deposit_account_id` and `payer` (deposits) and `receipt_url` ' +
      '(once credited).',
  })
  @ApiZodQuery(listQuery)
  async list(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(listQuery) query: z.infer<typeof listQuery>,
    @Headers('accept-language') accept_language: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const format = parseExportFormat(query.format);
    const pagination = parsePagination(query);
    const { format: _format, page: _page, page_size: _size, from: _f, to: _t, ...rest } = query;
    const { lang: _lang, locale: _locale, ...filters } = rest;
    const { payins } = await this.bus.send(PAYINS_COMMANDS.list_payins, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      ...filters,
      ...parseFilterDates(query),
      limit: format ? EXPORT_ROW_LIMIT + 1 : pagination.limit,
      offset: format ? 0 : pagination.offset,
    });
    if (!format) return pageBody('payins', pagination, payins);
    return exportBody(reply, {
      format,
      filename: 'payins',
      columns: PAYIN_EXPORT_COLUMNS,
      rows: payins.map(payinExportRow),
      reader: await exportReader(this.bus, principal, query, accept_language),
    });
  }

  @Get(':id/receipt')
  @ApiFileReply(['application/pdf'], 'the receipt, a PDF')
  @ApiOperation({ summary: 'Payin receipt (PDF)', description: PAYIN_RECEIPT_DESCRIPTION })
  @ApiProduces('application/pdf')
  @ApiDocumentLocale()
  async receipt(
    @CurrentPrincipal() principal: Principal,
    @Param('id') payin_id: string,
    @Query('lang') lang: unknown,
    @Query('locale') locale: unknown,
    @Headers('accept-language') accept_language: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    requireDocumentLanguage(lang);
    const chosen = await documentLocale(this.bus, principal, { lang, locale }, accept_language);
    const receipt = await this.bus.send(PAYINS_COMMANDS.get_receipt, {
      account_id: principal.account_id,
      payin_id,
      locale: chosen,
    });
    return sendPdf(reply, receipt);
  }

  @Get(':id')
  @ApiReply(PAYINS_COMMANDS.get_payin)
  @ApiOperation({
    summary: 'One payin; another account’s payin is 404 `not_found`',
    description:
      '`instrument`: the stored card the payin saved or was charged to (`{type: "card", brand, ' +
      'last4, exp_month, exp_year}`), null otherwise; `receipt_url` ' +
      '(`/v1/payins/{id}/receipt`) once credited, else null; deposits into a dedicated deposit ' +
      'account have method `deposit_account`, `deposit_account_id` and the sending bank’s ' +
      '`payer` (`{name?, tax_id?, account_number?, bank?}`).',
  })
  get(@CurrentPrincipal() principal: Principal, @Param('id') payin_id: string) {
    return this.bus.send(PAYINS_COMMANDS.get_payin, {
      account_id: principal.account_id,
      payin_id,
    });
  }

  @Post(':id/refund')
  @HttpCode(201)
  @ApiReply(PAYINS_COMMANDS.refund_payin, 201)
  @ApiOperation({
    summary: 'Refund a credited payin',
    description:
      'Body `{amount?, reason?}`: `amount` in the asset the payin credited (`credit_asset`), the ' +
      'whole unrefunded remainder when omitted. Debits the balance and emits `payin_refunded`. ' +
      'Errors: 422 `settlement_pending` (card settlement still scheduled), ' +
      '`payin_not_refundable` (not credited or fully refunded), `refund_not_supported` (qr and ' +
      'checkout payins), `refund_exceeds_payin`; 402 `insufficient_funds`.',
  })
  @ApiZodBody(payinRefundBody)
  refund(
    @CurrentPrincipal() principal: Principal,
    @Param('id') payin_id: string,
    @ValidatedBody(payinRefundBody) body: z.infer<typeof payinRefundBody>,
  ) {
    return this.bus.send(PAYINS_COMMANDS.refund_payin, {
      account_id: principal.account_id,
      payin_id,
      body,
    });
  }
}
