import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  CRYPTO_DEPOSIT_COMMANDS,
  cryptoDepositResource,
  sandboxCryptoDepositBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiCredentials,
  ApiReply,
  ApiZodBody,
  ApiZodQuery,
  listingPage,
  pageBody,
  parsePagination,
  ValidatedBody,
  ValidatedQuery,
} from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';
import { SandboxOnlyGuard } from '../payins/sandbox-deposits.controller';

const listQuery = z.object({
  chain: z.string().max(40).optional(),
  asset: z.string().max(40).optional(),
  status: z.string().max(40).optional(),
  page: z.unknown().optional(),
  page_size: z.unknown().optional(),
});

const LIST_DESCRIPTION = [
  'The account’s on-chain deposits, newest first; `chain`, `asset`, `status` (`pending`,',
  '`credited`, `held`, `failed`, `rejected`), `page`, `page_size`. A deposit is `pending` from',
  'the block it is seen in until `required_confirmations` (per chain; sandbox: see the `sandbox` tag), then',
  '`credited` (no deposit fee: `fee` is 0) or `held` when the sender’s address is severe risk',
  '(`hold_id`; nothing credited). `risk` is the sender’s address risk once confirmed.',
  'Errors: 400 `unsupported_chain`, `invalid_asset`, `invalid_status`, `invalid_request`.',
].join(' ');

const SANDBOX_DESCRIPTION = [
  'Sandbox only (live answers 404 `not_found`: real deposits arrive on chain). Sends a simulated',
  'transfer of `amount` to one of the account’s deposit wallet `address`es from `from_address`',
  '(a testnet address of the wallet’s chain; a fixed sender when left out). Answers 202 with the',
  'deposit as known so far (`pending`, 0 confirmations). The simulated chain sees it in its next',
  'block (every `SANDBOX_STEP_MS`) and confirms it after the chain’s confirmations; it is then',
  'credited with `crypto_deposit_credited`. A sender ending `bad` is held',
  '(`crypto_deposit_held`, nothing credited); one ending `risk` is credited with',
  '`crypto_deposit_alert`. Another account’s address: 404 `not_found`. Errors: 400',
  '`invalid_amount`, `invalid_payload` (sender not an address of the chain), `invalid_json`.',
].join(' ');

/** On-chain deposits into deposit wallets (decisions D9). */
@ApiTags('crypto')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/crypto/deposits')
export class CryptoDepositsController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  @ApiOperation({ summary: 'List crypto deposits', description: LIST_DESCRIPTION })
  @ApiZodQuery(listQuery)
  @ApiReply(listingPage('deposits', cryptoDepositResource))
  @ApiErrors(
    'unsupported_chain',
    'invalid_asset',
    'invalid_status',
    'invalid_request',
    'unauthorized',
  )
  async list(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(listQuery) query: z.infer<typeof listQuery>,
  ) {
    const pagination = parsePagination(query);
    const { deposits } = await this.bus.send(CRYPTO_DEPOSIT_COMMANDS.list_deposits, {
      account_id: principal.account_id,
      chain: query.chain,
      asset: query.asset,
      status: query.status,
      limit: pagination.limit,
      offset: pagination.offset,
    });
    return pageBody('deposits', pagination, deposits);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Read a crypto deposit',
    description: "Another account's deposit: 404 `not_found`.",
  })
  @ApiReply(CRYPTO_DEPOSIT_COMMANDS.get_deposit)
  @ApiErrors('unauthorized', 'not_found')
  get(@CurrentPrincipal() principal: Principal, @Param('id') deposit_id: string) {
    return this.bus.send(CRYPTO_DEPOSIT_COMMANDS.get_deposit, {
      account_id: principal.account_id,
      deposit_id,
    });
  }
}

/** The sandbox's simulated on-chain deposits (decisions D6, D9). */
@ApiTags('sandbox')
@UseGuards(SandboxOnlyGuard)
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/sandbox/crypto/deposits')
export class SandboxCryptoDepositsController {
  constructor(private readonly bus: BusClient) {}

  @Post()
  @HttpCode(202)
  @ApiOperation({ summary: 'Simulate an on-chain deposit', description: SANDBOX_DESCRIPTION })
  @ApiZodBody(sandboxCryptoDepositBody)
  @ApiReply(CRYPTO_DEPOSIT_COMMANDS.sandbox_deposit, 202)
  @ApiErrors(
    'invalid_amount',
    'invalid_payload',
    'invalid_json',
    'invalid_request',
    'unauthorized',
    'not_found',
  )
  deposit(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(sandboxCryptoDepositBody) body: z.infer<typeof sandboxCryptoDepositBody>,
  ) {
    return this.bus.send(CRYPTO_DEPOSIT_COMMANDS.sandbox_deposit, {
      account_id: principal.account_id,
      ...body,
    });
  }
}
