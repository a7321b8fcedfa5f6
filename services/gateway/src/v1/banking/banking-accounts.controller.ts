import { Controller, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { BANKING_COMMANDS, createBankingCustomerBody } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiReply, ApiZodBody, idempotencyKeyOf, ValidatedBody } from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';

const customerRequest = createBankingCustomerBody.optional();

const CUSTOMER_DESCRIPTION = [
  'Opens the account’s banking customer from its approved identity verification (403',
  '`verification_required` otherwise); the body is optional. Answers 202 with `kyc_status:',
  'in_review`; the bank’s review ends with `banking_customer_status_changed` (the sandbox approves',
  'after one simulator step) and, when approved, one USD account (routing and account number) and',
  'one EUR account (virtual IBAN and BIC). A second customer: 409 `banking_customer_exists`,',
  'except a retry under the `idempotency_key` (body or `Idempotency-Key` header) that opened it,',
  'which answers the customer again.',
].join(' ');

const NO_CUSTOMER = 'Before the banking customer exists: 409 `no_banking_customer`.';

/** The banking customer and its bank accounts. */
@ApiTags('banking')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/banking')
export class BankingAccountsController {
  constructor(private readonly bus: BusClient) {}

  @Post('customer')
  @HttpCode(202)
  @ApiOperation({ summary: 'Open the banking customer', description: CUSTOMER_DESCRIPTION })
  @ApiZodBody(createBankingCustomerBody)
  @ApiReply(BANKING_COMMANDS.create_customer, 202)
  @ApiErrors(
    'invalid_json',
    'invalid_idempotency_key',
    'reserved_idempotency_key',
    'unauthorized',
    'verification_required',
    'banking_customer_exists',
  )
  createCustomer(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(customerRequest) body: z.infer<typeof customerRequest>,
    @Headers('idempotency-key') header_key: string | undefined,
  ) {
    return this.bus.send(BANKING_COMMANDS.create_customer, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      idempotency_key: idempotencyKeyOf(body?.idempotency_key, header_key) ?? null,
    });
  }

  @Get('accounts')
  @ApiOperation({
    summary: 'List bank accounts',
    description: `The USD and EUR accounts once the bank approved the customer. ${NO_CUSTOMER}`,
  })
  @ApiReply(BANKING_COMMANDS.list_accounts)
  @ApiErrors('unauthorized', 'no_banking_customer')
  list(@CurrentPrincipal() principal: Principal) {
    return this.bus.send(BANKING_COMMANDS.list_accounts, { account_id: principal.account_id });
  }

  @Get('accounts/:bankAccountID')
  @ApiOperation({
    summary: 'Read a bank account',
    description: `Another account’s bank account: 404 \`not_found\`. ${NO_CUSTOMER}`,
  })
  @ApiReply(BANKING_COMMANDS.get_account)
  @ApiErrors('unauthorized', 'not_found', 'no_banking_customer')
  get(@CurrentPrincipal() principal: Principal, @Param('bankAccountID') bank_account_id: string) {
    return this.bus.send(BANKING_COMMANDS.get_account, {
      account_id: principal.account_id,
      bank_account_id: bank_account_id.slice(0, 200),
    });
  }

  @Get('accounts/:bankAccountID/balance')
  @ApiOperation({
    summary: 'Read a bank account’s balance',
    description:
      '`balance` `{available, held, currency}` and the same three fields flat beside it. ' +
      '`held` counts payments still processing (already debited from `available`). ' +
      `Another account’s bank account: 404 \`not_found\`. ${NO_CUSTOMER}`,
  })
  @ApiReply(BANKING_COMMANDS.get_balance)
  @ApiErrors('unauthorized', 'not_found', 'no_banking_customer')
  balance(
    @CurrentPrincipal() principal: Principal,
    @Param('bankAccountID') bank_account_id: string,
  ) {
    return this.bus.send(BANKING_COMMANDS.get_balance, {
      account_id: principal.account_id,
      bank_account_id: bank_account_id.slice(0, 200),
    });
  }
}
