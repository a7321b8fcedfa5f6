import { Controller, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  CRYPTO_WITHDRAWAL_COMMANDS,
  CRYPTO_WITHDRAWAL_STATUSES,
  createCryptoWithdrawalBody,
  type CreateCryptoWithdrawalBody,
  cryptoWithdrawalResource,
  parseFilterDates,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiCredentials,
  ApiReply,
  ApiZodBody,
  ApiZodQuery,
  idempotencyKeyOf,
  listingPage,
  pageBody,
  parsePagination,
  ValidatedBody,
  ValidatedQuery,
  ApiIdempotentReplay,
} from '../../http';
import { RequireCredentialLevel, RequireOtp } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';
import { CREATE_WITHDRAWAL_DESCRIPTION, LIST_WITHDRAWALS_DESCRIPTION } from './withdrawal-docs';

const listQuery = z.object({
  status: z.enum(CRYPTO_WITHDRAWAL_STATUSES).optional(),
  chain: z.string().max(40).optional(),
  asset: z.string().max(40).optional(),
  from: z.unknown().optional(),
  to: z.unknown().optional(),
  page: z.unknown().optional(),
  page_size: z.unknown().optional(),
});

/** On-chain crypto withdrawals (decisions D9): Travel Rule, firewall, hold, broadcast. */
@ApiTags('crypto')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/crypto/withdrawals')
export class CryptoWithdrawalsController {
  constructor(private readonly bus: BusClient) {}

  /** A create and its replays answer 202 with the withdrawal (D7). */
  @Post()
  @HttpCode(202)
  @RequireOtp('withdrawal.create')
  @ApiOperation({ summary: 'Withdraw crypto', description: CREATE_WITHDRAWAL_DESCRIPTION })
  @ApiIdempotentReplay()
  @ApiZodBody(createCryptoWithdrawalBody)
  @ApiReply(CRYPTO_WITHDRAWAL_COMMANDS.create, 202)
  @ApiErrors(
    'idempotency_key_required',
    'invalid_idempotency_key',
    'unsupported_chain',
    'invalid_asset',
    'invalid_amount',
    'to_address_required',
    'invalid_payload',
    'invalid_name',
    'invalid_request',
    'invalid_json',
    'unauthorized',
    'otp_required',
    'insufficient_funds',
    'idempotency_conflict',
    'amount_above_maximum',
    'travel_rule_required',
    'travel_rule_beneficiary_required',
    'travel_rule_address_mismatch',
    'travel_rule_rejected',
    'travel_rule_pending',
    'travel_rule_incomplete_approval',
    'travel_rule_unavailable',
    'firewall_unavailable',
    'recovery_pending',
  )
  create(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(createCryptoWithdrawalBody) body: CreateCryptoWithdrawalBody,
    @Headers('idempotency-key') header_key: string | undefined,
  ) {
    const { idempotency_key: body_key, ...request } = body;
    return this.bus.send(CRYPTO_WITHDRAWAL_COMMANDS.create, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      idempotency_key: idempotencyKeyOf(body_key, header_key) ?? null,
      request,
    });
  }

  @Get()
  @ApiOperation({ summary: 'List crypto withdrawals', description: LIST_WITHDRAWALS_DESCRIPTION })
  @ApiZodQuery(listQuery)
  @ApiReply(listingPage('withdrawals', cryptoWithdrawalResource))
  @ApiErrors('invalid_request', 'invalid_range', 'unauthorized')
  async list(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(listQuery) query: z.infer<typeof listQuery>,
  ) {
    const pagination = parsePagination(query);
    const { withdrawals } = await this.bus.send(CRYPTO_WITHDRAWAL_COMMANDS.list, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      status: query.status,
      chain: query.chain,
      asset: query.asset,
      ...parseFilterDates(query),
      limit: pagination.limit,
      offset: pagination.offset,
    });
    return pageBody('withdrawals', pagination, withdrawals);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Read a crypto withdrawal',
    description: "Another account's withdrawal: 404 `not_found`.",
  })
  @ApiReply(CRYPTO_WITHDRAWAL_COMMANDS.get)
  @ApiErrors('unauthorized', 'not_found')
  get(@CurrentPrincipal() principal: Principal, @Param('id') withdrawal_id: string) {
    return this.bus.send(CRYPTO_WITHDRAWAL_COMMANDS.get, {
      account_id: principal.account_id,
      withdrawal_id,
    });
  }
}
