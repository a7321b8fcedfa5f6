import { Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import {
  bankAliasBody,
  depositAccountBody,
  depositAccountView,
  PAYINS_COMMANDS,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiCredentials,
  ApiReply,
  ApiZodBody,
  ValidatedBody,
  listingPage,
  pageBody,
  parsePagination,
  type PaginationQuery,
  ApiPagination,
} from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';

/** Dedicated deposit accounts (spec §4, §8). */
@ApiTags('payins')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/payins/deposit-accounts')
export class DepositAccountsController {
  constructor(private readonly bus: BusClient) {}

  @Post()
  @HttpCode(201)
  @ApiReply(PAYINS_COMMANDS.create_deposit_account, 201)
  @ApiOperation({
    summary: 'Open a dedicated deposit account',
    description:
      'Body `{country, currency, purpose (fondeo | banking), label? (up to 60 characters)}`; ' +
      'corridors MX/MXN (CLABE), AR/ARS (CVU), US/USD. Companies hold up to 50 per corridor, ' +
      'persons one (422 `deposit_account_limit_reached`). Needs approved verification. Errors: ' +
      '400 `invalid_purpose`, `invalid_label`, `payin_corridor_unsupported`.',
  })
  @ApiZodBody(depositAccountBody)
  create(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(depositAccountBody) body: z.infer<typeof depositAccountBody>,
  ) {
    return this.bus.send(PAYINS_COMMANDS.create_deposit_account, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      kyc_status: principal.kyc_status,
      body,
    });
  }

  @Get()
  @ApiPagination()
  @ApiReply(listingPage('deposit_accounts', depositAccountView))
  @ApiOperation({ summary: 'The account’s deposit accounts, newest first' })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: PaginationQuery) {
    const pagination = parsePagination(query);
    const { deposit_accounts } = await this.bus.send(PAYINS_COMMANDS.list_deposit_accounts, {
      account_id: principal.account_id,
      limit: pagination.limit,
      offset: pagination.offset,
    });
    return pageBody('deposit_accounts', pagination, deposit_accounts);
  }

  @Put('bank-alias')
  @ApiReply(PAYINS_COMMANDS.set_bank_alias)
  @ApiOperation({
    summary: 'Set the bank alias of an AR/ARS deposit account',
    description:
      'Body `{deposit_account_id, alias}` (6 to 20 letters, digits, dots or dashes). An alias ' +
      'held by another account answers 422 `alias_taken`.',
  })
  @ApiZodBody(bankAliasBody)
  setBankAlias(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(bankAliasBody) body: z.infer<typeof bankAliasBody>,
  ) {
    return this.bus.send(PAYINS_COMMANDS.set_bank_alias, {
      account_id: principal.account_id,
      body,
    });
  }
}
