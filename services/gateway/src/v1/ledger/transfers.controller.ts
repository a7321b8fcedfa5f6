import { Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  DomainError,
  LEDGER_COMMANDS,
  PAYINS_COMMANDS,
  payinView,
  transferListing,
  transferRecord,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiIdempotentReplay,
  ApiCredentials,
  ApiReply,
  ApiZodBody,
  idempotencyKeyOf,
  listingPage,
  exportBody,
  exportReader,
  pageBody,
  parseExportFormat,
  parsePagination,
  ValidatedBody,
  ApiPagination,
  ApiExportFormat,
  ApiDocumentLocale,
} from '../../http';
import { RequireOtp } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { amountText } from './money-body';
import { TRANSFER_EXPORT_COLUMNS } from './ledger-export';

const transferBody = z
  .object({
    recipient: z.string().max(320).optional(),
    contact_id: z.string().max(200).optional(),
    asset: z.string().max(40).optional(),
    amount: z.unknown().optional(),
    description: z.string().max(500).optional(),
    idempotency_key: z.string().optional(),
    checkout_token: z.string().optional(),
  })
  .strict();

/** `POST /v1/transfers` answers the transfer, or with `checkout_token` the checkout payin it paid. */
const transferOrPaidCheckout = z.union([transferRecord, payinView]);

/** Free internal transfers within the organization (spec §1, §4; D4). */
@ApiTags('transfers')
@ApiCredentials()
@Controller('v1/transfers')
export class TransfersController {
  constructor(private readonly bus: BusClient) {}

  @Post()
  @ApiOperation({ summary: 'Transfer to another account of the organization' })
  @HttpCode(201)
  @RequireOtp('transfer.create')
  @ApiIdempotentReplay()
  @ApiReply(
    transferOrPaidCheckout,
    201,
    'the transfer; with `checkout_token`, the checkout payin it paid',
  )
  @ApiZodBody(
    transferBody,
    '`recipient`: an account id, an email of a member, a verified phone number, or an alias ' +
      '(`PUT /v1/me/alias`, with or without @) of the same organization. Resolution order: the ' +
      'form decides the one lookup, never several: a UUID is an account id; text with `@` after ' +
      'its first character is an email, compared lower-cased with the sign-in emails of the ' +
      'members of the organization; E.164 text (`+`, then 7 to 15 digits, the first not 0, no ' +
      'spaces, such as `+14155550100`) is a phone, matching the accounts whose phone is that ' +
      'number and verified (`POST /v1/me/phone/verification`); an unverified phone never ' +
      'matches; anything else (a leading `@` dropped) is an alias, matched exactly. An alias ' +
      'starts with a letter, so other `+` text (such as `+12`) names no account: ' +
      '`recipient_not_found`. Accounts of other organizations never match. Account ids, ' +
      "members' emails and aliases each name at most one account, but one verified phone may " +
      'belong to several (a household, a person and their company): then the answer is 422 ' +
      '`recipient_ambiguous` and nothing moves; send the account id, email or alias instead. ' +
      '`contact_id` instead of `recipient`: a contact of the address book (`GET /v1/contacts`) ' +
      "linked to an account (422 `contact_not_linked` without one; another account's contact 404 " +
      '`not_found`; both fields at once 400 `invalid_request`). ' +
      'Convertible assets only (`invalid_asset`). Free: `fee` is zero. Errors: ' +
      '`recipient_required`, `self_transfer`, `recipient_not_found` 404, ' +
      '`recipient_unavailable` 422 (account not active), `recipient_ambiguous` 422, ' +
      '`insufficient_funds` 402. Idempotency (`idempotency_key` or `Idempotency-Key`; replay 201 with the original; ' +
      'other payload 409 `idempotency_conflict`). The recipient receives `transfer_received`. ' +
      "`checkout_token`: pays that checkout link from the caller's balance of the link's " +
      '`settlement_asset` instead (`recipient` not needed; `asset`/`amount` optional and, when ' +
      'sent, must match the link: 422 `checkout_amount_mismatch`); answers 201 with the paid ' +
      'payin; `already_paid` 409, `checkout_expired` 410, `self_transfer`, `insufficient_funds` 402.',
  )
  create(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(transferBody) body: z.infer<typeof transferBody>,
    @Headers('idempotency-key') header_key: string | undefined,
  ) {
    if (body.checkout_token !== undefined) {
      return this.bus.send(PAYINS_COMMANDS.pay_checkout_by_transfer, {
        token: body.checkout_token,
        payer_account_id: principal.account_id,
        ...(body.asset === undefined ? {} : { asset: body.asset }),
        ...(body.amount === undefined ? {} : { amount: amountText(body.amount) }),
      });
    }
    if (body.asset === undefined) throw new DomainError('invalid_asset', 'asset is required');
    const idempotency_key = idempotencyKeyOf(body.idempotency_key, header_key);
    return this.bus.send(LEDGER_COMMANDS.create_transfer, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      recipient: body.recipient,
      ...(body.contact_id === undefined ? {} : { contact_id: body.contact_id }),
      asset: body.asset,
      amount: amountText(body.amount),
      ...(body.description === undefined ? {} : { description: body.description }),
      ...(idempotency_key === undefined ? {} : { idempotency_key }),
    });
  }

  @Get()
  @ApiReply(listingPage('transfers', transferListing))
  @ApiPagination()
  @ApiExportFormat()
  @ApiDocumentLocale()
  @ApiOperation({
    summary: 'Transfers sent and received, newest first',
    description:
      '`{page, page_size, has_more, transfers: [{transfer_id, direction (sent|received), ...}]}`; ' +
      '`format=csv|xlsx` exports up to 10,000 rows.',
  })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: Record<string, unknown>,
    @Headers('accept-language') accept_language: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const format = parseExportFormat(query.format);
    const pagination = parsePagination(query);
    const { transfers } = await this.bus.send(LEDGER_COMMANDS.list_transfers, {
      account_id: principal.account_id,
      page: pagination.page,
      page_size: pagination.page_size,
      limit: pagination.limit,
      export: format !== undefined,
    });
    if (!format) return pageBody('transfers', pagination, transfers);
    return exportBody(reply, {
      format,
      filename: 'transfers',
      columns: TRANSFER_EXPORT_COLUMNS,
      rows: transfers,
      reader: await exportReader(this.bus, principal, query, accept_language),
    });
  }

  @Get(':id')
  @ApiReply(LEDGER_COMMANDS.get_transfer)
  @ApiOperation({ summary: 'One transfer the account sent or received; otherwise 404' })
  get(@CurrentPrincipal() principal: Principal, @Param('id') transfer_id: string) {
    return this.bus.send(LEDGER_COMMANDS.get_transfer, {
      account_id: principal.account_id,
      record_id: transfer_id,
    });
  }
}
