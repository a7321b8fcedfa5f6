import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import {
  CRYPTO_DEPOSIT_COMMANDS,
  createCryptoWalletBody,
  cryptoWalletResource,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiReply, ApiZodBody, ValidatedBody } from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';

const CREATE_DESCRIPTION = [
  'The account’s receive-only deposit wallet of a chain and asset: USDT on',
  '`tron`; USDT or USDC on `eth`; BTC on `btc`. One per account, chain and asset: the first',
  'request creates it (201), a repeat answers the same wallet (200). Send only that asset on',
  'that chain to `address`; deposits are credited to the account’s balance after the chain’s',
  'confirmations, with no deposit fee. The sandbox hands out testnet addresses.',
  'Errors: 400 `unsupported_chain`, `invalid_asset` (not carried on that chain), `invalid_json`.',
].join(' ');

/** Deposit wallets (decisions D9). */
@ApiTags('crypto')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/crypto/wallets')
export class CryptoWalletsController {
  constructor(private readonly bus: BusClient) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a deposit wallet', description: CREATE_DESCRIPTION })
  @ApiZodBody(createCryptoWalletBody)
  @ApiReply(cryptoWalletResource, 201, 'created')
  @ApiReply(cryptoWalletResource, 200, 'the account already had this wallet')
  @ApiErrors(
    'unsupported_chain',
    'invalid_asset',
    'invalid_json',
    'invalid_request',
    'unauthorized',
  )
  async create(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(createCryptoWalletBody) body: z.infer<typeof createCryptoWalletBody>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { wallet, created } = await this.bus.send(CRYPTO_DEPOSIT_COMMANDS.create_wallet, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      chain: body.chain,
      asset: body.asset,
    });
    if (!created) void reply.code(200);
    return wallet;
  }

  @Get()
  @ApiOperation({
    summary: 'List deposit wallets',
    description: 'The account’s deposit wallets, oldest first: `{wallets}`.',
  })
  @ApiReply(CRYPTO_DEPOSIT_COMMANDS.list_wallets)
  @ApiErrors('unauthorized')
  list(@CurrentPrincipal() principal: Principal) {
    return this.bus.send(CRYPTO_DEPOSIT_COMMANDS.list_wallets, {
      account_id: principal.account_id,
    });
  }
}
