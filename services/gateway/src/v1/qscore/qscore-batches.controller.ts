import { Controller, Get, Headers, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createRiskBatchBody,
  RISK_BATCH_COMMANDS,
  RISK_BATCH_ITEM_STATUSES,
  RISK_BATCH_MAX_ITEMS,
  riskBatchItemResource,
  riskBatchResource,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import type { TransferArea } from '@platform/object-storage';
import { TRANSFER_AREA } from '@platform/runtime';
import {
  ApiCredentials,
  ApiFileReply,
  ApiMultipartBody,
  ApiReply,
  ApiZodBody,
  ApiZodQuery,
  listingPage,
  pageBody,
  parsePagination,
  ValidatedQuery,
  withStagedUploads,
} from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { accountListing } from '../account-listing';
import { ApiErrors } from '../aml/api-errors.decorator';
import { batchRequestOf, BATCH_MULTIPART_SCHEMA } from './qscore-batch-request';
import { batchResultsBody } from './qscore-batch-results';

const pageQuery = z.object({ page: z.unknown().optional(), page_size: z.unknown().optional() });
const itemsQuery = pageQuery.extend({
  status: z.enum(RISK_BATCH_ITEM_STATUSES).optional().describe('only items of this status'),
});

const CREATE_DESCRIPTION = [
  `Evaluates up to ${RISK_BATCH_MAX_ITEMS.toLocaleString('en')} subjects in the background: JSON`,
  '`{items: [{country, doc_id, subject_type}], purpose?}`, or `multipart/form-data` with a CSV',
  'file in the field `file` (header `country,doc_id,subject_type`; optional text fields',
  '`purpose`, `idempotency_key`). Each valid row becomes a report of its own; a row that is not',
  'a valid subject is kept as an item with status `invalid` and its reason. A person is',
  'evaluated only with a consent the subject granted the account (`consent_required`',
  'otherwise); a company at once. `purpose` defaults to `credit_evaluation`. Answers 201',
  '`{batch_id, status: queued, processed, total, ...}`; `risk_batch_completed` when every item',
  'is done. The same `idempotency_key` (or `Idempotency-Key` header) answers the same batch',
  '(another request under it: 409 `idempotency_conflict`). Errors: 400 `too_many_items`,',
  '`no_valid_items`, `empty_file`, `invalid_purpose`, `invalid_request`, `invalid_json`; 403',
  '`kyc_required`; 413 `file_too_large` (over 1 MB); 415 `unsupported_file_type`.',
].join(' ');

/** Credit-scoring batches (decisions D10). */
@ApiTags('qscore')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/qscore/batches')
export class QscoreBatchesController {
  constructor(
    private readonly bus: BusClient,
    @Inject(TRANSFER_AREA) private readonly transfers: TransferArea,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a credit-scoring batch', description: CREATE_DESCRIPTION })
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiZodBody(createRiskBatchBody)
  @ApiMultipartBody(BATCH_MULTIPART_SCHEMA)
  @ApiReply(RISK_BATCH_COMMANDS.create, 201)
  @ApiErrors(
    'too_many_items',
    'no_valid_items',
    'empty_file',
    'invalid_purpose',
    'invalid_idempotency_key',
    'invalid_request',
    'invalid_json',
    'unauthorized',
    'kyc_required',
    'idempotency_conflict',
    'file_too_large',
    'unsupported_file_type',
    'storage_unavailable',
  )
  create(
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @Headers('idempotency-key') header_key: string | undefined,
  ) {
    const batch = batchRequestOf(request.body, header_key);
    const owner = { account_id: principal.account_id, org_id: principal.org_id };
    if (!batch.file)
      return this.bus.send(RISK_BATCH_COMMANDS.create, { ...owner, ...batch.fields });
    return withStagedUploads(this.transfers, [batch.file], ([file]) =>
      this.bus.send(RISK_BATCH_COMMANDS.create, { ...owner, ...batch.fields, file }),
    );
  }

  @Get()
  @ApiOperation({
    summary: 'List credit-scoring batches',
    description: 'Newest first; `page`, `page_size`.',
  })
  @ApiZodQuery(pageQuery)
  @ApiReply(listingPage('batches', riskBatchResource))
  @ApiErrors('invalid_request', 'unauthorized')
  list(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(pageQuery) query: z.infer<typeof pageQuery>,
  ) {
    return accountListing(this.bus, {
      command: RISK_BATCH_COMMANDS.list,
      collection: 'batches',
      principal,
      query,
    });
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Read a credit-scoring batch',
    description:
      'Its progress: `processed` of `total` items have a final status, `counts` by status. ' +
      "Another account's batch: 404 `not_found`.",
  })
  @ApiReply(RISK_BATCH_COMMANDS.get)
  @ApiErrors('unauthorized', 'not_found')
  get(@CurrentPrincipal() principal: Principal, @Param('id') batch_id: string) {
    return this.bus.send(RISK_BATCH_COMMANDS.get, {
      account_id: principal.account_id,
      batch_id: batch_id.slice(0, 200),
    });
  }

  @Get(':id/items')
  @ApiOperation({
    summary: "List a batch's items",
    description:
      'In row order, with each result (`score`, `band`, `report_id`) or why there is none ' +
      "(`error`, `reason`); `page`, `page_size`, `status`. Another account's batch: 404 `not_found`.",
  })
  @ApiZodQuery(itemsQuery)
  @ApiReply(listingPage('items', riskBatchItemResource))
  @ApiErrors('invalid_request', 'unauthorized', 'not_found')
  async items(
    @CurrentPrincipal() principal: Principal,
    @Param('id') batch_id: string,
    @ValidatedQuery(itemsQuery) query: z.infer<typeof itemsQuery>,
  ) {
    const pagination = parsePagination(query);
    const reply = await this.bus.send(RISK_BATCH_COMMANDS.list_items, {
      account_id: principal.account_id,
      batch_id: batch_id.slice(0, 200),
      limit: pagination.limit,
      offset: pagination.offset,
      ...(query.status ? { status: query.status } : {}),
    });
    return pageBody('items', pagination, reply.items);
  }

  @Get(':id/results.csv')
  @ApiOperation({
    summary: "Download a batch's results (CSV)",
    description:
      'One row per item in row order: `country, doc_id, subject_type, status, score, band, ' +
      'report_id, error` (empty while an item is pending). ' +
      "Another account's batch: 404 `not_found`.",
  })
  @ApiFileReply(['text/csv'], 'the results, a CSV file')
  @ApiErrors('unauthorized', 'not_found')
  results(
    @CurrentPrincipal() principal: Principal,
    @Param('id') batch_id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return batchResultsBody(this.bus, reply, principal.account_id, batch_id.slice(0, 200));
  }
}
