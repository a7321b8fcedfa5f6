import { Controller, Get, Header, Headers, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  CARDS_COMMANDS,
  cardResource,
  cardTransactionResource,
  DomainError,
  issueCardBody,
  type CardRefCommand,
  type IssueCardBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiIdempotentReplay,
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
import { RequireCredentialLevel, RequireOtp } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';
import { ISSUE_CARD_DESCRIPTION, SENSITIVE_DESCRIPTION, STATE_NOTE } from './card-docs';
import { CARD_EXPORT_COLUMNS, cardExportRow } from './card-export';

const pageQuery = z.object({ page: z.unknown().optional(), page_size: z.unknown().optional() });
const listQuery = pageQuery.extend(EXPORT_QUERY_FIELDS);

type StateCommand = 'activate_card' | 'freeze_card' | 'unfreeze_card' | 'cancel_card';

/** Cards (issue 17): issue, read, change state, and the card data behind OTP. */
@ApiTags('cards')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/cards')
export class CardsController {
  constructor(private readonly bus: BusClient) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Issue a card', description: ISSUE_CARD_DESCRIPTION })
  @ApiZodBody(issueCardBody)
  @ApiReply(CARDS_COMMANDS.issue_card, 201)
  @ApiIdempotentReplay()
  @ApiErrors(
    'invalid_request',
    'invalid_json',
    'invalid_occupation',
    'invalid_kind_of_business',
    'physical_temporarily_unavailable',
    'invalid_idempotency_key',
    'reserved_idempotency_key',
    'unauthorized',
    'verification_required',
    'cardholder_kyc_pending',
    'card_limit_reached',
    'idempotency_conflict',
    'issuer_data_incomplete',
    'screening_required',
    'cardholder_name_too_long',
    'card_recovery_pending',
  )
  issue(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(issueCardBody) body: IssueCardBody,
    @Headers('idempotency-key') header_key: string | undefined,
  ) {
    const { idempotency_key: body_key, ...request } = body;
    return this.bus.send(CARDS_COMMANDS.issue_card, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      idempotency_key: idempotencyKeyOf(body_key, header_key) ?? null,
      ...request,
    });
  }

  @Get()
  @ApiOperation({
    summary: 'List cards',
    description:
      'Newest first; `page`, `page_size`. `format=csv|xlsx` answers the file (up to 10,000 rows; ' +
      '400 `invalid_format`). Only the last four digits are shown.',
  })
  @ApiZodQuery(listQuery)
  @ApiReply(listingPage('cards', cardResource))
  @ApiErrors('invalid_request', 'invalid_format', 'unauthorized')
  async list(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(listQuery) query: z.infer<typeof listQuery>,
    @Headers('accept-language') accept_language: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const format = parseExportFormat(query.format);
    const pagination = parsePagination(query);
    const { cards } = await this.bus.send(CARDS_COMMANDS.list_cards, {
      account_id: principal.account_id,
      limit: format ? EXPORT_ROW_LIMIT + 1 : pagination.limit,
      offset: format ? 0 : pagination.offset,
    });
    if (!format) return pageBody('cards', pagination, cards);
    return exportBody(reply, {
      format,
      filename: 'cards',
      columns: CARD_EXPORT_COLUMNS,
      rows: cards.map(cardExportRow),
      reader: await exportReader(this.bus, principal, query, accept_language),
    });
  }

  @Get(':id')
  @ApiOperation({ summary: 'Read a card', description: "Another account's card: 404 `not_found`." })
  @ApiReply(CARDS_COMMANDS.get_card)
  @ApiErrors('unauthorized', 'not_found')
  get(@CurrentPrincipal() principal: Principal, @Param('id') card_id: string) {
    return this.bus.send(CARDS_COMMANDS.get_card, this.ref(principal, card_id));
  }

  @Post(':id/activate')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Activate a physical card',
    description: `Only a card \`pending_activation\` (else 409 \`card_not_pending\`). ${STATE_NOTE}`,
  })
  @ApiReply(CARDS_COMMANDS.activate_card)
  @ApiErrors('unauthorized', 'not_found', 'card_not_pending', 'card_cancelled')
  activate(@CurrentPrincipal() principal: Principal, @Param('id') card_id: string) {
    return this.changeState('activate_card', principal, card_id);
  }

  @Post(':id/freeze')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Freeze a card',
    description:
      'The card declines purchases (reason `user_requested`); a card still pending activation: ' +
      `409 \`card_not_pending\`. ${STATE_NOTE}`,
  })
  @ApiReply(CARDS_COMMANDS.freeze_card)
  @ApiErrors('unauthorized', 'not_found', 'card_not_pending', 'card_cancelled')
  freeze(@CurrentPrincipal() principal: Principal, @Param('id') card_id: string) {
    return this.changeState('freeze_card', principal, card_id);
  }

  @Post(':id/unfreeze')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Unfreeze a card',
    description:
      'A card frozen with unpaid monthly fees (reason `monthly_fee_unpaid`) pays them first: 402 ' +
      '`insufficient_funds` keeps it frozen. A card still pending activation: 409 ' +
      `\`card_not_pending\`. ${STATE_NOTE}`,
  })
  @ApiReply(CARDS_COMMANDS.unfreeze_card)
  @ApiErrors(
    'unauthorized',
    'not_found',
    'card_not_pending',
    'card_cancelled',
    'insufficient_funds',
  )
  unfreeze(@CurrentPrincipal() principal: Principal, @Param('id') card_id: string) {
    return this.changeState('unfreeze_card', principal, card_id);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Cancel a card',
    description: `For good: the card no longer counts against the limit of 5. ${STATE_NOTE}`,
  })
  @ApiReply(CARDS_COMMANDS.cancel_card)
  @ApiErrors('unauthorized', 'not_found', 'card_cancelled')
  cancel(@CurrentPrincipal() principal: Principal, @Param('id') card_id: string) {
    return this.changeState('cancel_card', principal, card_id);
  }

  @Get(':id/sensitive')
  @Header('cache-control', 'no-store')
  @RequireOtp('card.reveal')
  @ApiOperation({
    summary: "Show a card's number and security code",
    description: SENSITIVE_DESCRIPTION,
  })
  @ApiHeader({
    name: 'X-OTP-Token',
    required: true,
    description: 'a verified challenge for `card.reveal`',
  })
  @ApiReply(CARDS_COMMANDS.reveal_card)
  @ApiErrors(
    'unauthorized',
    'session_required',
    'otp_required',
    'otp_invalid',
    'not_found',
    'card_cancelled',
    'card_recovery_pending',
  )
  sensitive(@CurrentPrincipal() principal: Principal, @Param('id') card_id: string) {
    // The OTP guard exempts API keys; a card's number is shown to a person who proved a code.
    if (principal.kind !== 'session')
      throw new DomainError('session_required', 'a card number is shown to a user session only');
    return this.bus.send(CARDS_COMMANDS.reveal_card, this.ref(principal, card_id));
  }

  @Get(':id/transactions')
  @ApiOperation({
    summary: "List a card's transactions",
    description: "Newest first; `page`, `page_size`. Another account's card: 404 `not_found`.",
  })
  @ApiZodQuery(pageQuery)
  @ApiReply(listingPage('transactions', cardTransactionResource))
  @ApiErrors('invalid_request', 'unauthorized', 'not_found')
  async transactions(
    @CurrentPrincipal() principal: Principal,
    @Param('id') card_id: string,
    @ValidatedQuery(pageQuery) query: z.infer<typeof pageQuery>,
  ) {
    const pagination = parsePagination(query);
    const { transactions } = await this.bus.send(CARDS_COMMANDS.list_transactions, {
      ...this.ref(principal, card_id),
      limit: pagination.limit,
      offset: pagination.offset,
    });
    return pageBody('transactions', pagination, transactions);
  }

  private changeState(command: StateCommand, principal: Principal, card_id: string) {
    return this.bus.send(CARDS_COMMANDS[command], this.ref(principal, card_id));
  }

  private ref(principal: Principal, card_id: string): CardRefCommand {
    return { account_id: principal.account_id, card_id: card_id.slice(0, 200) };
  }
}
