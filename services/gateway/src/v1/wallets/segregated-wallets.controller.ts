import { Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  createSegregatedWalletBody,
  importSegregatedWalletBody,
  SEGREGATED_WALLET_COMMANDS,
  segregatedWalletResource,
  signWalletMessageBody,
  type CreateSegregatedWalletBody,
  type ImportSegregatedWalletBody,
  type SignWalletMessageBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiCredentials,
  ApiReply,
  ApiZodBody,
  ApiZodQuery,
  listingPage,
  ValidatedBody,
  ValidatedQuery,
} from '../../http';
import { RequireCredentialLevel, RequireOtp } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { accountListing } from '../account-listing';
import { HUMAN_SESSION_2FA_NOTE } from '../account/acting-member';
import { ApiErrors } from '../aml/api-errors.decorator';

const pageQuery = z.object({ page: z.unknown().optional(), page_size: z.unknown().optional() });
const emptyBody = z.object({}).strict().optional();

const KEY_ROUTE_NOTE =
  `${HUMAN_SESSION_2FA_NOTE} API keys get 403 \`human_session_required\` too. When the ` +
  "organization's OTP policy asks (in `demo` it does), `X-OTP-Token` of a verified challenge " +
  'for the action: 403 `otp_required` without it, `otp_invalid` for a bad or used one.';

/**
 * Segregated wallets (decisions D9, spec §4): `/v1/segregated-wallets*` only; the old
 * `/v1/wallets*` prefix has no route and answers 404.
 */
@ApiTags('segregated-wallets')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/segregated-wallets')
export class SegregatedWalletsController {
  constructor(private readonly bus: BusClient) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Create a segregated wallet',
    description:
      'A platform-custody wallet with a fresh address of its chain. `chain` `tron` or `eth` ' +
      '(btc and others: 400 `unsupported_chain`); `asset` USDT on tron, USDT or USDC on eth ' +
      '(400 `invalid_asset`). At most 10 wallets an account: 422 `wallet_limit_reached`.',
  })
  @ApiZodBody(createSegregatedWalletBody)
  @ApiReply(SEGREGATED_WALLET_COMMANDS.create, 201)
  @ApiErrors(
    'unsupported_chain',
    'invalid_asset',
    'invalid_request',
    'invalid_json',
    'unauthorized',
    'wallet_limit_reached',
  )
  create(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(createSegregatedWalletBody) body: CreateSegregatedWalletBody,
  ) {
    return this.bus.send(SEGREGATED_WALLET_COMMANDS.create, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      ...body,
    });
  }

  @Post('import')
  @HttpCode(201)
  @RequireCredentialLevel('human_session')
  @RequireOtp('wallet.import')
  @ApiOperation({
    summary: 'Import a wallet by its private key',
    description:
      'A client-custody wallet (`custody: client`) from a secp256k1 private key (64 hex digits; ' +
      'anything else: 400 `invalid_payload`); the key is stored only encrypted. `asset` ' +
      'defaults to USDT. A key the account already imported: 409 `duplicate`. ' +
      KEY_ROUTE_NOTE,
  })
  @ApiZodBody(importSegregatedWalletBody)
  @ApiReply(SEGREGATED_WALLET_COMMANDS.import, 201)
  @ApiErrors(
    'unsupported_chain',
    'invalid_asset',
    'invalid_payload',
    'invalid_request',
    'invalid_json',
    'unauthorized',
    'human_session_required',
    'otp_required',
    'otp_invalid',
    'duplicate',
    'wallet_limit_reached',
  )
  import(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(importSegregatedWalletBody) body: ImportSegregatedWalletBody,
  ) {
    return this.bus.send(SEGREGATED_WALLET_COMMANDS.import, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      ...body,
    });
  }

  @Get()
  @ApiOperation({
    summary: 'List segregated wallets',
    description: 'Newest first; `page`, `page_size`.',
  })
  @ApiZodQuery(pageQuery)
  @ApiReply(listingPage('wallets', segregatedWalletResource))
  @ApiErrors('invalid_request', 'unauthorized')
  list(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(pageQuery) query: z.infer<typeof pageQuery>,
  ) {
    return accountListing(this.bus, {
      command: SEGREGATED_WALLET_COMMANDS.list,
      collection: 'wallets',
      principal,
      query,
    });
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Read a segregated wallet',
    description: "Another account's wallet: 404 `not_found`.",
  })
  @ApiReply(SEGREGATED_WALLET_COMMANDS.get)
  @ApiErrors('unauthorized', 'not_found')
  get(@CurrentPrincipal() principal: Principal, @Param('id') wallet_id: string) {
    return this.bus.send(SEGREGATED_WALLET_COMMANDS.get, {
      account_id: principal.account_id,
      wallet_id,
    });
  }

  @Post(':id/export')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @RequireCredentialLevel('human_session')
  @RequireOtp('wallet.export')
  @ApiOperation({
    summary: "Export a wallet's private key",
    description:
      'Answers the private key (64 hex digits) of a platform- or client-custody wallet, once per ' +
      'call, with `Cache-Control: no-store`, and emits `wallet_key_exported`. The body is ' +
      "optional and empty. Another account's wallet: 404 `not_found`. " +
      KEY_ROUTE_NOTE,
  })
  @ApiZodBody(emptyBody)
  @ApiReply(SEGREGATED_WALLET_COMMANDS.export_key)
  @ApiErrors(
    'invalid_json',
    'unauthorized',
    'human_session_required',
    'otp_required',
    'otp_invalid',
    'not_found',
  )
  exportKey(
    @CurrentPrincipal() principal: Principal,
    @Param('id') wallet_id: string,
    @ValidatedBody(emptyBody) _body: z.infer<typeof emptyBody>,
  ) {
    return this.bus.send(SEGREGATED_WALLET_COMMANDS.export_key, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      wallet_id,
    });
  }

  @Post(':id/signatures')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sign a message with a wallet',
    description:
      "The wallet's signature of `message` that standard tools verify: EIP-191 `personal_sign` " +
      'on eth (ethers `verifyMessage`, viem `recoverMessageAddress`), TRON message signing on ' +
      "tron (tronweb `verifyMessageV2`). Another account's wallet: 404 `not_found`.",
  })
  @ApiZodBody(signWalletMessageBody)
  @ApiReply(SEGREGATED_WALLET_COMMANDS.sign_message)
  @ApiErrors('invalid_request', 'invalid_json', 'unauthorized', 'not_found')
  sign(
    @CurrentPrincipal() principal: Principal,
    @Param('id') wallet_id: string,
    @ValidatedBody(signWalletMessageBody) body: SignWalletMessageBody,
  ) {
    return this.bus.send(SEGREGATED_WALLET_COMMANDS.sign_message, {
      account_id: principal.account_id,
      wallet_id,
      message: body.message,
    });
  }
}
