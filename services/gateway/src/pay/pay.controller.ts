import { Controller, Get, Inject, Header, HttpCode, Param, Post, Req } from '@nestjs/common';
import { toString as qrSvg } from 'qrcode';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ACCOUNT_SETTINGS_COMMANDS,
  DomainError,
  PAYINS_COMMANDS,
  payinCollectBody,
  type CheckoutQuote,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../gateway.settings';
import {
  ApiFileReply,
  ApiReply,
  ApiZodBody,
  ApiZodQuery,
  ValidatedBody,
  ValidatedQuery,
} from '../http';
import { Public } from '../auth/public.decorator';
import { publicBaseUrl } from '../v1/payins/public-base-url';
import { pageBrandOf } from '../verify/qscore/page-brand';
import {
  pageLocaleQuery,
  publicPageLocale,
  type PageLocaleQuery,
} from '../verify/qscore/public-locale';
import { cardPage, checkoutPage, type PayPageContext } from './pay-pages';

const methodQuery = z.object({ country: z.string().optional(), currency: z.string().optional() });
/** The quote's answers for a link that closed after its state was read. */
const CLOSED_LINK_ERRORS: readonly string[] = ['checkout_expired', 'already_paid'];
/** What a QR code of the checkout page encodes (a payment's `qr_payload`). */
const qrQuery = z.object({ data: z.string().min(1).max(512) });

/**
 * The public checkout and card pages (spec §4): no credential, the token in the path is the
 * capability. A checkout link is paid by the first method that completes.
 */
@ApiTags('pay (public)')
@Public()
@Controller('pay')
export class PayController {
  constructor(
    private readonly bus: BusClient,
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
  ) {}

  @Get('card/:token')
  @ApiFileReply(['text/html'], 'the hosted card payment page')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Hosted card page of a card payin (HTML)' })
  @ApiZodQuery(pageLocaleQuery)
  async cardPage(
    @Param('token') token: string,
    @ValidatedQuery(pageLocaleQuery) query: PageLocaleQuery,
    @Req() request: FastifyRequest,
  ) {
    const session = await this.bus.send(PAYINS_COMMANDS.get_card_session, { token });
    const context = await this.pageContext(token, publicPageLocale(query, request));
    return cardPage(token, session, { ...context, sandbox: this.context.environment === 'test' });
  }

  @Post('card/:token')
  @HttpCode(200)
  @ApiReply(PAYINS_COMMANDS.submit_card_session)
  @ApiOperation({
    summary: 'Submit the hosted card page',
    description:
      'The card is charged (in the sandbox at the next simulator step; amounts: see the `sandbox` ' +
      'tag). Answers ' +
      'the session `{status, amount, currency, reference, expires_at, success_url, failure_url}`.',
  })
  submitCard(@Param('token') token: string) {
    return this.bus.send(PAYINS_COMMANDS.submit_card_session, { token });
  }

  @Get(':token')
  @ApiFileReply(['text/html'], 'the hosted checkout page')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Hosted checkout page (HTML, en/es/zh: `lang`, then `Accept-Language`, then English)',
  })
  @ApiZodQuery(pageLocaleQuery)
  async checkoutPage(
    @Param('token') token: string,
    @ValidatedQuery(pageLocaleQuery) query: PageLocaleQuery,
    @Req() request: FastifyRequest,
  ) {
    const state = await this.bus.send(PAYINS_COMMANDS.get_checkout_state, { token });
    const [context, quote] = await Promise.all([
      this.pageContext(token, publicPageLocale(query, request)),
      state.status === 'open' ? this.openQuote(token) : null,
    ]);
    return checkoutPage(token, state, quote, context);
  }

  @Get(':token/qr.svg')
  @ApiFileReply(['image/svg+xml'], 'the QR code of `data`')
  @Header('Content-Type', 'image/svg+xml')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'A QR code for the checkout page (SVG)',
    description:
      'The QR code of `data` (at most 512 characters: a payment’s `qr_payload`), for an existing ' +
      'checkout link. 404 `not_found` for an unknown link.',
  })
  @ApiZodQuery(qrQuery)
  async qrCode(
    @Param('token') token: string,
    @ValidatedQuery(qrQuery) query: z.infer<typeof qrQuery>,
  ) {
    await this.bus.send(PAYINS_COMMANDS.get_checkout_state, { token });
    return qrSvg(query.data, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  }

  /** The organization of the page's account: its brand and timezone. */
  private async pageContext(token: string, locale: PayPageContext['locale']) {
    const owner = await this.bus.send(PAYINS_COMMANDS.get_pay_page_owner, { token });
    const branding = await this.bus.send(ACCOUNT_SETTINGS_COMMANDS.get_branding, owner);
    return { locale, brand: pageBrandOf(branding), time_zone: branding.timezone };
  }

  /** The quote of a link that is open; null when it closed in between (paid, expired). */
  private async openQuote(token: string): Promise<CheckoutQuote | null> {
    return this.bus.send(PAYINS_COMMANDS.get_checkout_quote, { token }).catch((error: unknown) => {
      if (error instanceof DomainError && CLOSED_LINK_ERRORS.includes(error.code)) return null;
      throw error;
    });
  }

  @Get(':token/state')
  @ApiReply(PAYINS_COMMANDS.get_checkout_state)
  @ApiOperation({
    summary: 'State of a checkout link',
    description:
      '`{checkout_id, status (open, paid, expired), amount, settlement_asset, expires_at, ' +
      'paid_at, paid_method, paid_currency, conversion_status (pending, not_required, ' +
      'completed), success_url, failure_url}`.',
  })
  state(@Param('token') token: string) {
    return this.bus.send(PAYINS_COMMANDS.get_checkout_state, { token });
  }

  @Get(':token/quote')
  @ApiReply(PAYINS_COMMANDS.get_checkout_quote)
  @ApiOperation({
    summary: 'What the payer may pay a checkout link with',
    description:
      '`{countries[], options[] ({method, country, currency, local_amount} at the rate table), ' +
      'cards[] (with `available`: false under 5 minutes left), crypto[] ({asset, amount}), ' +
      'account_app ({asset, amount})}`. 410 `checkout_expired`, 409 `already_paid`.',
  })
  quote(@Param('token') token: string) {
    return this.bus.send(PAYINS_COMMANDS.get_checkout_quote, { token });
  }

  @Post(':token/methods/:method')
  @HttpCode(201)
  @ApiReply(PAYINS_COMMANDS.pay_checkout_method, 201)
  @ApiOperation({
    summary: 'Pay a checkout link with a method',
    description:
      'Query `country`, `currency` (optional for a method with one corridor). Creates the ' +
      'collection and answers `{checkout, payin}` with the instructions (`payment_url` for ' +
      'card). 409 `already_paid`, 410 `checkout_expired`, 422 `checkout_expiring_soon` (card with ' +
      'under 5 minutes left), 422 `method_unavailable`, 400 `payin_corridor_unsupported`.',
  })
  @ApiZodQuery(methodQuery)
  payWithMethod(
    @Param('token') token: string,
    @Param('method') method: string,
    @ValidatedQuery(methodQuery) query: z.infer<typeof methodQuery>,
    @Req() request: FastifyRequest,
  ) {
    return this.bus.send(PAYINS_COMMANDS.pay_checkout_method, {
      token,
      method,
      ...(query.country ? { country: query.country } : {}),
      ...(query.currency ? { currency: query.currency } : {}),
      base_url: publicBaseUrl(request, this.context.environment, this.settings),
    });
  }

  @Post(':token/collect/otp')
  @HttpCode(201)
  @ApiReply(PAYINS_COMMANDS.request_checkout_collect_otp, 201)
  @ApiOperation({
    summary: 'Ask the payer’s bank to send the payer a code to pay a checkout link',
    description:
      'Body as `/pay/{token}/collect` without `otp` or `amount`. ' +
      '`debito_inmediato` (VE/VES, `otp_route: true` in `GET /v1/payins/methods`): has the ' +
      'payer’s bank send the payer an SMS code, answering 201 `{otp_sent: true, channel: "sms", ' +
      'method, payer_phone (masked), expires_at}`; the code is usable once by a collection for the ' +
      'same payer (phone, document, bank) within 5 minutes. VE/VES `c2p` has no OTP route: the ' +
      'payer obtains the dynamic key from their bank, so this answers 400 `invalid_request`. ' +
      'A payer the rail refuses: 422 `collect_rejected`, and no code is sent (sandbox values: ' +
      'see the `sandbox` tag). ' +
      '409 `already_paid`, 410 `checkout_expired`, 404 `not_found`.',
  })
  @ApiZodBody(payinCollectBody)
  collectOtp(
    @Param('token') token: string,
    @ValidatedBody(payinCollectBody) body: z.infer<typeof payinCollectBody>,
  ) {
    return this.bus.send(PAYINS_COMMANDS.request_checkout_collect_otp, { token, body });
  }

  @Post(':token/collect')
  @HttpCode(201)
  @ApiReply(PAYINS_COMMANDS.pay_checkout_collect, 201)
  @ApiOperation({
    summary: 'Pay a checkout link by pull collection',
    description:
      'Body `{method: "c2p" | "debito_inmediato", country: "VE", currency: "VES", otp, payer ' +
      '{phone, document, bank_code}, amount?}` (`debito_inmediato`: `otp` is the SMS code sent ' +
      'after `/pay/{token}/collect/otp` for the same payer; none open: 422 ' +
      '`collect_otp_failed`): the link’s amount priced in the currency (see `/quote`); an ' +
      '`amount` that differs answers 422 `checkout_amount_mismatch`; `idempotency_key` is ' +
      'ignored (the link is paid once). Answers `{checkout, payin}`; the first completed method ' +
      'pays the link. A wrong key or code: 422 `collect_otp_failed`; a refused ' +
      'payer: 422 `collect_rejected` (sandbox values: see the `sandbox` tag). 409 `already_paid`, 410 `checkout_expired`.',
  })
  @ApiZodBody(payinCollectBody)
  collect(
    @Param('token') token: string,
    @ValidatedBody(payinCollectBody) body: z.infer<typeof payinCollectBody>,
  ) {
    return this.bus.send(PAYINS_COMMANDS.pay_checkout_collect, { token, body });
  }
}
