import { Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  autoForwardBody,
  createWalletSendBody,
  WALLET_CHAIN_COMMANDS,
  walletDepositResource,
  walletSendResource,
  walletTransactionResource,
  type AutoForwardBody,
  type CreateWalletSendBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiCredentials,
  ApiDocumentLocale,
  ApiFileReply,
  ApiReply,
  ApiZodBody,
  ApiZodQuery,
  documentLocale,
  listingPage,
  pageBody,
  parsePagination,
  requireDocumentLanguage,
  sendPdf,
  ValidatedBody,
  ValidatedQuery,
  ApiIdempotentReplay,
} from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';

const pageQuery = z.object({ page: z.unknown().optional(), page_size: z.unknown().optional() });
type PageQuery = z.infer<typeof pageQuery>;

const AMOUNT_RAW_NOTE =
  '`amount_raw` is the amount as an integer of the asset’s smallest unit, as decimal text ' +
  '(USDT and USDC 6 decimals, TRX 6, ETH 18: 1.5 USDT is `1500000`).';

const SEND_DESCRIPTION = [
  'Sends `amount` of the wallet’s asset to `to_address` (an address of the wallet’s chain and of',
  'this environment). The platform signs the transfer with the wallet’s key (platform custody:',
  'its derived key; client custody: the imported key) and hands it to the chain; the ledger is',
  'not touched. The wallet pays the chain’s `network_fee` in the native coin (TRX, ETH): without',
  'it, 422 `insufficient_gas`; a balance below `amount` (net of sends in flight), 402',
  '`insufficient_funds`. `idempotency_key` is required: the same key and body answer the',
  'same send, another body 409 `idempotency_conflict`. Answers 202 `pending`; then `broadcast`',
  '(in a block) and `completed` or `failed`, each with `wallet_send_status_changed`; a send that',
  'fails on chain still pays its fee (sandbox amount endings: see the `sandbox` tag).',
].join(' ');

const RECEIPT_DESCRIPTION =
  'The send’s receipt, as a PDF: receipt number (send id), date, network, wallet, addresses, ' +
  'amount, network fee, status and transaction id. Language: a valid `?lang=` (en, es, zh; ' +
  'another value answers 400 `invalid_language`), else a valid `?locale=`, else the account ' +
  'profile’s language, else the organization default, else `Accept-Language`, else English. ' +
  'Another account’s send: 404 `not_found`.';

/** Segregated wallets on chain (decisions D9, spec §4): balance, history, sends, auto-forward. */
@ApiTags('segregated-wallets')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/segregated-wallets')
export class SegregatedWalletChainController {
  constructor(private readonly bus: BusClient) {}

  @Get(':id/balance')
  @ApiOperation({
    summary: 'Read a wallet’s on-chain balance',
    description:
      'The confirmed balance of the wallet’s asset and of the chain’s native coin (`native_coin`, ' +
      'which pays network fees), from the transfers seen at its address; `pending_incoming` ' +
      "while the asset's deposits await confirmations. Another account's wallet: 404 `not_found`.",
  })
  @ApiReply(WALLET_CHAIN_COMMANDS.balance)
  @ApiErrors('unauthorized', 'not_found')
  balance(@CurrentPrincipal() principal: Principal, @Param('id') wallet_id: string) {
    return this.bus.send(WALLET_CHAIN_COMMANDS.balance, {
      account_id: principal.account_id,
      wallet_id,
    });
  }

  @Get(':id/deposits')
  @ApiOperation({
    summary: 'List a wallet’s deposits',
    description:
      'Transfers of the wallet’s asset received at its address, newest first (`page`, ' +
      '`page_size`): `pending` until confirmed, then `confirmed` with `wallet_deposit_received` ' +
      '(the ledger is not credited: the coins stay in the wallet). An inbound external movement ' +
      'of the asset is a deposit; native coin received is a transaction, not a deposit. With ' +
      'auto-forward on, `forward` tells whether the deposit was forwarded and why not. ' +
      AMOUNT_RAW_NOTE,
  })
  @ApiZodQuery(pageQuery)
  @ApiReply(listingPage('deposits', walletDepositResource))
  @ApiErrors('invalid_request', 'unauthorized', 'not_found')
  deposits(
    @CurrentPrincipal() principal: Principal,
    @Param('id') wallet_id: string,
    @ValidatedQuery(pageQuery) query: PageQuery,
  ) {
    return this.page(WALLET_CHAIN_COMMANDS.list_deposits, 'deposits', principal, wallet_id, query);
  }

  @Get(':id/transactions')
  @ApiOperation({
    summary: 'List a wallet’s transactions',
    description:
      'Every transfer at the wallet’s address in both directions, newest first (`page`, ' +
      '`page_size`): deposits, its sends and external movements, in the asset or the native ' +
      'coin, with `status` and `tx_id`. ' +
      AMOUNT_RAW_NOTE,
  })
  @ApiZodQuery(pageQuery)
  @ApiReply(listingPage('transactions', walletTransactionResource))
  @ApiErrors('invalid_request', 'unauthorized', 'not_found')
  transactions(
    @CurrentPrincipal() principal: Principal,
    @Param('id') wallet_id: string,
    @ValidatedQuery(pageQuery) query: PageQuery,
  ) {
    const command = WALLET_CHAIN_COMMANDS.list_transactions;
    return this.page(command, 'transactions', principal, wallet_id, query);
  }

  @Post(':id/sends')
  @HttpCode(202)
  @ApiOperation({ summary: 'Send from a wallet', description: SEND_DESCRIPTION })
  @ApiIdempotentReplay()
  @ApiZodBody(createWalletSendBody)
  @ApiReply(WALLET_CHAIN_COMMANDS.create_send, 202)
  @ApiErrors(
    'invalid_payload',
    'invalid_amount',
    'idempotency_key_required',
    'invalid_idempotency_key',
    'reserved_idempotency_key',
    'invalid_request',
    'invalid_json',
    'unauthorized',
    'insufficient_funds',
    'not_found',
    'idempotency_conflict',
    'insufficient_gas',
  )
  send(
    @CurrentPrincipal() principal: Principal,
    @Param('id') wallet_id: string,
    @ValidatedBody(createWalletSendBody) body: CreateWalletSendBody,
  ) {
    return this.bus.send(WALLET_CHAIN_COMMANDS.create_send, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      wallet_id,
      ...body,
    });
  }

  @Get(':id/sends')
  @ApiOperation({
    summary: 'List a wallet’s sends',
    description: 'Newest first; `page`, `page_size`.',
  })
  @ApiZodQuery(pageQuery)
  @ApiReply(listingPage('sends', walletSendResource))
  @ApiErrors('invalid_request', 'unauthorized', 'not_found')
  sends(
    @CurrentPrincipal() principal: Principal,
    @Param('id') wallet_id: string,
    @ValidatedQuery(pageQuery) query: PageQuery,
  ) {
    return this.page(WALLET_CHAIN_COMMANDS.list_sends, 'sends', principal, wallet_id, query);
  }

  @Get(':id/sends/:send_id')
  @ApiOperation({
    summary: 'Read a send',
    description: "Another account's wallet or send: 404 `not_found`.",
  })
  @ApiReply(WALLET_CHAIN_COMMANDS.get_send)
  @ApiErrors('unauthorized', 'not_found')
  getSend(
    @CurrentPrincipal() principal: Principal,
    @Param('id') wallet_id: string,
    @Param('send_id') send_id: string,
  ) {
    return this.bus.send(WALLET_CHAIN_COMMANDS.get_send, {
      account_id: principal.account_id,
      wallet_id,
      send_id,
    });
  }

  @Get(':id/sends/:send_id/receipt')
  @ApiFileReply(['application/pdf'], 'the receipt, a PDF')
  @ApiOperation({ summary: 'Send receipt (PDF)', description: RECEIPT_DESCRIPTION })
  @ApiProduces('application/pdf')
  @ApiDocumentLocale()
  @ApiErrors('invalid_language', 'unauthorized', 'not_found')
  async receipt(
    @CurrentPrincipal() principal: Principal,
    @Param('id') wallet_id: string,
    @Param('send_id') send_id: string,
    @Query('lang') lang: unknown,
    @Query('locale') locale: unknown,
    @Headers('accept-language') accept_language: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    requireDocumentLanguage(lang);
    const chosen = await documentLocale(this.bus, principal, { lang, locale }, accept_language);
    const receipt = await this.bus.send(WALLET_CHAIN_COMMANDS.send_receipt, {
      account_id: principal.account_id,
      wallet_id,
      send_id,
      locale: chosen,
    });
    return sendPdf(reply, receipt);
  }

  @Get(':id/auto-forward')
  @ApiOperation({
    summary: 'Read a wallet’s auto-forward',
    description: "`enabled` false until turned on. Another account's wallet: 404 `not_found`.",
  })
  @ApiReply(WALLET_CHAIN_COMMANDS.get_auto_forward)
  @ApiErrors('unauthorized', 'not_found')
  autoForward(@CurrentPrincipal() principal: Principal, @Param('id') wallet_id: string) {
    return this.bus.send(WALLET_CHAIN_COMMANDS.get_auto_forward, {
      account_id: principal.account_id,
      wallet_id,
    });
  }

  @Post(':id/auto-forward')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Turn a wallet’s auto-forward on or off',
    description:
      'When on, each deposit confirmed at the wallet afterwards is forwarded by a send to the ' +
      'account’s deposit wallet of the same chain and asset (created when the account has none), ' +
      'which credits the ledger as a crypto deposit. The send pays its network fee from the ' +
      'wallet’s native coin: a deposit that cannot be forwarded stays in the wallet, the reason on ' +
      "the deposit's `forward`. Another account's wallet: 404 `not_found`.",
  })
  @ApiZodBody(autoForwardBody)
  @ApiReply(WALLET_CHAIN_COMMANDS.set_auto_forward)
  @ApiErrors('invalid_request', 'invalid_json', 'unauthorized', 'not_found')
  setAutoForward(
    @CurrentPrincipal() principal: Principal,
    @Param('id') wallet_id: string,
    @ValidatedBody(autoForwardBody) body: AutoForwardBody,
  ) {
    return this.bus.send(WALLET_CHAIN_COMMANDS.set_auto_forward, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      wallet_id,
      enabled: body.enabled,
    });
  }

  private async page<C extends 'deposits' | 'transactions' | 'sends'>(
    command:
      | typeof WALLET_CHAIN_COMMANDS.list_deposits
      | typeof WALLET_CHAIN_COMMANDS.list_transactions
      | typeof WALLET_CHAIN_COMMANDS.list_sends,
    collection: C,
    principal: Principal,
    wallet_id: string,
    query: PageQuery,
  ) {
    const pagination = parsePagination(query);
    const reply = (await this.bus.send(command, {
      account_id: principal.account_id,
      wallet_id,
      limit: pagination.limit,
      offset: pagination.offset,
    })) as Record<C, unknown[]>;
    return pageBody(collection, pagination, reply[collection]);
  }
}
