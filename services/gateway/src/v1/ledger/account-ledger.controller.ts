import { Controller, Get, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { LEDGER_COMMANDS, parseFilterDates } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiDateFilters, ApiReply, ApiZodBody, ValidatedBody } from '../../http';
import { CurrentPrincipal, type Principal } from '../../auth/principal';

const settlementBody = z
  .object({
    settlement_asset: z.string().max(40).optional(),
    default_payin_asset: z.string().max(40).optional(),
  })
  .strict();

const aliasBody = z.object({ alias: z.string().max(100) }).strict();

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** Balances, settlement settings, rates and account resolution (spec §4 "Account", "Balances"). */
@ApiTags('balances')
@ApiCredentials()
@Controller('v1')
export class AccountLedgerController {
  constructor(private readonly bus: BusClient) {}

  @Get('balances')
  @ApiReply(LEDGER_COMMANDS.get_balance_sheet)
  @ApiOperation({
    summary: 'The ten balances',
    description:
      '`{balances: [{asset, available, held, total, decimals}], settlement_asset, ' +
      'payin_settlement_asset, total_usd}`; `total_usd` values every balance (available + held) ' +
      'at the configured rate table, local fiat (BOB, MXN, ARS) divided by its per-USD rate, ' +
      'rounded down to cents. Read from the ledger itself, so it shows a write at once.',
  })
  balances(@CurrentPrincipal() principal: Principal) {
    return this.bus.send(LEDGER_COMMANDS.get_balance_sheet, { account_id: principal.account_id });
  }

  @Get('balances/history')
  @ApiReply(LEDGER_COMMANDS.get_balance_history)
  @ApiOperation({
    summary: 'Daily balance series per asset',
    description:
      'Query `from`, `to` (YYYY-MM-DD in the organization timezone; default the last 30 days ' +
      'ending today; at most 366 days, `invalid_range` otherwise). Answers `{timezone, from, to, ' +
      'assets: [{asset, decimals, in_total_usd}], days: [{date, balances: {<asset>: end-of-day ' +
      'available balance}, total_usd}]}`. `BANK_USD` and `BANK_EUR` (2 decimals) are the banking ' +
      'series, outside `total_usd`.',
  })
  @ApiDateFilters()
  history(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>) {
    return this.bus.send(LEDGER_COMMANDS.get_balance_history, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      ...parseFilterDates(query),
    });
  }

  @Put('settlement')
  @ApiOperation({ summary: 'Set the default settlement and payin assets' })
  @ApiReply(LEDGER_COMMANDS.update_settlement)
  @ApiZodBody(
    settlementBody,
    'Convertible assets only (`invalid_settlement_asset`); an asset disabled by configuration ' +
      'answers `settlement_asset_disabled`. Answers `{settlement_asset, payin_settlement_asset}`.',
  )
  updateSettlement(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(settlementBody) body: z.infer<typeof settlementBody>,
  ) {
    return this.bus.send(LEDGER_COMMANDS.update_settlement, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      ...body,
    });
  }

  @Get('rates')
  @ApiReply(LEDGER_COMMANDS.list_public_rates)
  @ApiOperation({
    summary: 'Rates per country',
    description:
      '`{rates: [{country, currency, rate, rate_source, payin_rate, same_currency_only?, ' +
      'local_amount?}]}`: `rate` is local units per USD from the configured table ' +
      '(`rate_source: spot`); BOB, MXN and ARS carry `same_currency_only: true`. `currency` ' +
      'filters (`currency_not_supported` 422 when no row has it); `amount` (USD) adds ' +
      '`local_amount`, what it buys in each currency, rounded down.',
  })
  @ApiQuery({ name: 'currency', required: false })
  @ApiQuery({ name: 'amount', required: false })
  rates(@Query() query: Record<string, unknown>) {
    return this.bus.send(LEDGER_COMMANDS.list_public_rates, {
      currency: text(query.currency),
      amount: text(query.amount),
    });
  }

  @Get('resolve')
  @ApiReply(LEDGER_COMMANDS.resolve_alias)
  @ApiOperation({
    summary: 'Resolve an alias or an account QR payload',
    description:
      'Exactly one of `alias` (with or without a leading @) or `qr` (`acct:<account id>` or ' +
      '`acct:@<alias>`), else `query_required`. Same organization only; answers ' +
      '`{account_id, display_name, type, alias}` or 404 `recipient_not_found`.',
  })
  @ApiQuery({ name: 'alias', required: false })
  @ApiQuery({ name: 'qr', required: false })
  resolve(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>) {
    return this.bus.send(LEDGER_COMMANDS.resolve_alias, {
      org_id: principal.org_id,
      alias: text(query.alias),
      qr: text(query.qr),
    });
  }

  @Put('me/alias')
  @ApiOperation({ summary: "Set the account's alias" })
  @ApiReply(LEDGER_COMMANDS.set_alias)
  @ApiZodBody(
    aliasBody,
    'Sets the account alias others can pay (`recipient` of a transfer, `GET /v1/resolve`): 3-30 ' +
      'characters of a-z, 0-9, ".", "_", "-", starting with a letter; matched exactly within the ' +
      'organization. In use by another account: 422 `alias_taken`.',
  )
  setAlias(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(aliasBody) body: z.infer<typeof aliasBody>,
  ) {
    return this.bus.send(LEDGER_COMMANDS.set_alias, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      alias: body.alias,
    });
  }
}
