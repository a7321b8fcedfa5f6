import { Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { LEDGER_COMMANDS, swapRecord } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiIdempotentReplay,
  ApiCredentials,
  ApiReply,
  ApiZodBody,
  idempotencyKeyOf,
  listingPage,
  pageBody,
  parsePagination,
  ValidatedBody,
  type PaginationQuery,
  ApiPagination,
} from '../../http';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { amountText } from './money-body';

const swapBody = z
  .object({
    from_asset: z.string().max(40),
    to_asset: z.string().max(40),
    amount: z.unknown(),
    idempotency_key: z.string().optional(),
  })
  .strict();

/** Swaps between the seven convertible assets (spec §1, §4; D4). */
@ApiTags('swaps')
@ApiCredentials()
@Controller('v1/swaps')
export class SwapsController {
  constructor(private readonly bus: BusClient) {}

  @Post()
  @ApiOperation({ summary: 'Swap between convertible assets' })
  @HttpCode(201)
  @ApiReply(LEDGER_COMMANDS.create_swap, 201)
  @ApiIdempotentReplay()
  @ApiZodBody(
    swapBody,
    '`amount` is in `from_asset` (a decimal string). USD-USDT is 1:1; other pairs use the rate ' +
      'table, rounded down. Errors: `invalid_pair` (BOB, MXN, ARS or the same asset), ' +
      '`amount_too_small` (worth less than one unit of `to_asset`), `swap_asset_disabled`, ' +
      '`insufficient_funds` 402, volatile assets (BTC, GOLD, SILVER, PLATINUM) ' +
      '`settlement_limit_exceeded` / `settlement_daily_limit_exceeded`; a BTC swap from 1,000 USD ' +
      'checks a second price source: `guard_diverged` 422 when it diverges beyond the tolerance ' +
      '(retry with the same key). Idempotency: `idempotency_key` or the `Idempotency-Key` ' +
      'header; a replay answers the original swap with 201; another payload 409 ' +
      '`idempotency_conflict`; a failed attempt stores nothing, so the key can be retried.',
  )
  create(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(swapBody) body: z.infer<typeof swapBody>,
    @Headers('idempotency-key') header_key: string | undefined,
  ) {
    const idempotency_key = idempotencyKeyOf(body.idempotency_key, header_key);
    return this.bus.send(LEDGER_COMMANDS.create_swap, {
      account_id: principal.account_id,
      from_asset: body.from_asset,
      to_asset: body.to_asset,
      amount: amountText(body.amount),
      ...(idempotency_key === undefined ? {} : { idempotency_key }),
    });
  }

  @Get()
  @ApiReply(listingPage('swaps', swapRecord))
  @ApiPagination()
  @ApiOperation({
    summary: 'The account’s swaps, newest first (`{page, page_size, has_more, swaps}`)',
  })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: PaginationQuery) {
    const pagination = parsePagination(query);
    const { swaps } = await this.bus.send(LEDGER_COMMANDS.list_swaps, {
      account_id: principal.account_id,
      page: pagination.page,
      page_size: pagination.page_size,
      limit: pagination.limit,
    });
    return pageBody('swaps', pagination, swaps);
  }

  @Get(':id')
  @ApiReply(LEDGER_COMMANDS.get_swap)
  @ApiOperation({ summary: 'One swap; another account’s is 404 `not_found`' })
  get(@CurrentPrincipal() principal: Principal, @Param('id') swap_id: string) {
    return this.bus.send(LEDGER_COMMANDS.get_swap, {
      account_id: principal.account_id,
      record_id: swap_id,
    });
  }
}
