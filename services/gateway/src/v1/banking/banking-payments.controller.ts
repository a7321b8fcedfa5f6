import { Controller, Get, Headers, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  BANKING_COMMANDS,
  bankOperationResource,
  createBankPaymentBody,
  createThirdPartyBody,
  thirdPartyResource,
  type CreateBankPaymentBody,
  type CreateThirdPartyBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
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
  ApiIdempotentReplay,
} from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { accountListing } from '../account-listing';
import { ApiErrors } from '../aml/api-errors.decorator';
import { OPERATION_EXPORT_COLUMNS, operationExportRow } from './operation-export';

const pageQuery = z.object({ page: z.unknown().optional(), page_size: z.unknown().optional() });
const operationsQuery = pageQuery.extend(EXPORT_QUERY_FIELDS);

const THIRD_PARTY_DESCRIPTION = [
  'Registers a beneficiary: `{name, iban, bic?}` (EUR; the IBAN’s country length and mod-97 check',
  'digits are verified: 400 `invalid_iban`) or `{name, routing_number, account_number}` (USD; a',
  '9-digit ABA routing number with a valid checksum and a 4-17 digit account number: 400',
  '`invalid_request`). The sandbox bank reviews beneficiaries at once: 201 with `status:',
  'approved`. The same bank details under the same name answer the existing beneficiary; under',
  'another name 409 `bank_ref_conflict`. Missing name: 400 `invalid_name`. An `idempotency_key`',
  '(body or `Idempotency-Key` header) answers the same beneficiary to a retry of the same request',
  'and 409 `idempotency_conflict` to another one.',
].join(' ');

const PAYMENT_DESCRIPTION = [
  'Pays a third party from a bank account (`account_id` is the `bank_account_id`). The amount',
  'plus the fee of the account’s currency is debited at once (402 `insufficient_funds` when the',
  'balance is lower) and the operation is `processing`; the bank then completes it or rejects it',
  '(`failed`, `failure_code: rejected_by_bank`, the debit given back), each change announced by',
  '`banking_operation_status_changed`. EUR payments run between IBANs: the EUR account pays',
  'beneficiaries with an IBAN, the USD account US beneficiaries; otherwise 400',
  '`banking_eur_requires_viban`. `idempotency_key` (body or `Idempotency-Key` header) is',
  'required: the same request answers the same operation, another one 409',
  '`idempotency_conflict`. When the bank’s answer is lost the payment stands (debited,',
  '`processing`) but the create answers 503 `banking_recovery_pending`, as does a retry with the same key until the bank',
  'confirms it; the retry then answers the operation (sandbox amounts: see the `sandbox` tag).',
].join(' ');

/** Third parties, payments and operations of the banking customer. */
@ApiTags('banking')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/banking')
export class BankingPaymentsController {
  constructor(private readonly bus: BusClient) {}

  @Post('third-parties')
  @HttpCode(201)
  @ApiOperation({ summary: 'Register a third party', description: THIRD_PARTY_DESCRIPTION })
  @ApiZodBody(createThirdPartyBody)
  @ApiReply(BANKING_COMMANDS.create_third_party, 201)
  @ApiErrors(
    'invalid_json',
    'invalid_request',
    'invalid_name',
    'invalid_iban',
    'invalid_idempotency_key',
    'reserved_idempotency_key',
    'unauthorized',
    'no_banking_customer',
    'bank_ref_conflict',
    'idempotency_conflict',
  )
  createThirdParty(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(createThirdPartyBody) body: CreateThirdPartyBody,
    @Headers('idempotency-key') header_key: string | undefined,
  ) {
    const { idempotency_key: body_key, ...request } = body;
    return this.bus.send(BANKING_COMMANDS.create_third_party, {
      account_id: principal.account_id,
      ...request,
      idempotency_key: idempotencyKeyOf(body_key, header_key) ?? null,
    });
  }

  @Get('third-parties')
  @ApiOperation({
    summary: 'List third parties',
    description: 'Newest first; `page`, `page_size`.',
  })
  @ApiZodQuery(pageQuery)
  @ApiReply(listingPage('third_parties', thirdPartyResource))
  @ApiErrors('invalid_request', 'unauthorized', 'no_banking_customer')
  listThirdParties(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(pageQuery) query: z.infer<typeof pageQuery>,
  ) {
    return accountListing(this.bus, {
      command: BANKING_COMMANDS.list_third_parties,
      collection: 'third_parties',
      principal,
      query,
    });
  }

  @Post('payments')
  @HttpCode(201)
  @ApiOperation({ summary: 'Pay a third party', description: PAYMENT_DESCRIPTION })
  @ApiIdempotentReplay()
  @ApiZodBody(createBankPaymentBody)
  @ApiReply(BANKING_COMMANDS.create_payment, 201)
  @ApiErrors(
    'invalid_json',
    'invalid_amount',
    'idempotency_key_required',
    'invalid_idempotency_key',
    'reserved_idempotency_key',
    'banking_eur_requires_viban',
    'unauthorized',
    'insufficient_funds',
    'not_found',
    'no_banking_customer',
    'idempotency_conflict',
    'banking_recovery_pending',
  )
  pay(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(createBankPaymentBody) body: CreateBankPaymentBody,
    @Headers('idempotency-key') header_key: string | undefined,
  ) {
    return this.bus.send(BANKING_COMMANDS.create_payment, {
      account_id: principal.account_id,
      bank_account_id: body.account_id,
      third_party_id: body.third_party_id,
      amount: body.amount,
      idempotency_key: idempotencyKeyOf(body.idempotency_key, header_key) ?? null,
    });
  }

  @Get('operations')
  @ApiOperation({
    summary: 'List bank operations',
    description:
      'Payments and inbound transfers, newest first; `page`, `page_size`. `format=csv` or ' +
      '`format=xlsx` downloads the list (up to 10,000 rows) instead.',
  })
  @ApiZodQuery(operationsQuery)
  @ApiReply(listingPage('operations', bankOperationResource))
  @ApiErrors('invalid_request', 'unauthorized', 'no_banking_customer')
  async listOperations(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(operationsQuery) query: z.infer<typeof operationsQuery>,
    @Headers('accept-language') accept_language: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const format = parseExportFormat(query.format);
    const pagination = parsePagination(query);
    const { operations } = await this.bus.send(BANKING_COMMANDS.list_operations, {
      account_id: principal.account_id,
      limit: format ? EXPORT_ROW_LIMIT + 1 : pagination.limit,
      offset: format ? 0 : pagination.offset,
    });
    if (!format) return pageBody('operations', pagination, operations);
    return exportBody(reply, {
      format,
      filename: 'bank-operations',
      columns: OPERATION_EXPORT_COLUMNS,
      rows: operations.map(operationExportRow),
      reader: await exportReader(this.bus, principal, query, accept_language),
    });
  }

  @Get('operations/:operationID')
  @ApiOperation({
    summary: 'Read a bank operation',
    description: 'Another account’s operation: 404 `not_found`.',
  })
  @ApiReply(BANKING_COMMANDS.get_operation)
  @ApiErrors('unauthorized', 'not_found', 'no_banking_customer')
  getOperation(
    @CurrentPrincipal() principal: Principal,
    @Param('operationID') operation_id: string,
  ) {
    return this.bus.send(BANKING_COMMANDS.get_operation, {
      account_id: principal.account_id,
      operation_id: operation_id.slice(0, 200),
    });
  }
}
