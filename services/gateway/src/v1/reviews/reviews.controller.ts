import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DomainError,
  EVIDENCE_CONTENT_TYPES,
  REVIEW_COMMANDS,
  reviewInfoBody,
  reviewResource,
  type UploadedEvidenceFile,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import type { TransferArea } from '@platform/object-storage';
import { TRANSFER_AREA } from '@platform/runtime';
import {
  ApiCredentials,
  ApiFileReply,
  ApiReply,
  ApiZodBody,
  ApiZodQuery,
  fileOfMultipart,
  listingPage,
  MultipartBody,
  ValidatedBody,
  ValidatedQuery,
  withStagedUploads,
} from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { accountListing } from '../account-listing';
import { ApiErrors } from '../aml/api-errors.decorator';
import { REVIEW_FILE_DESCRIPTION, sendReviewFile } from './review-routes';

const pageQuery = z.object({ page: z.unknown().optional(), page_size: z.unknown().optional() });

const FILES_DESCRIPTION = [
  'Attaches one file to the review: `multipart/form-data` with the file in the field `file`.',
  'At most 50 MB a file (413 `file_too_large`) and 20 files a review (422',
  '`file_limit_reached`). The type is read from the content, not from the declared one: PDF,',
  'PNG, JPEG, WEBP, TXT, CSV, DOC, DOCX, XLS, XLSX (else 415 `unsupported_file_type`). A file',
  'uploaded while `in_review` clears a first approval: two approvals are needed after it.',
  'Errors: 400 `invalid_request` (no `file` field, two files, not multipart), `empty_file`;',
  "404 `not_found` (also another account's review); 409 `already_decided`.",
].join(' ');

/** The account's firewall reviews: held operations awaiting a reviewer (decisions D8). */
@ApiTags('reviews')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/reviews')
export class ReviewsController {
  constructor(
    private readonly bus: BusClient,
    @Inject(TRANSFER_AREA) private readonly transfers: TransferArea,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'List firewall reviews',
    description: 'Reviews of held operations, newest first; `page`, `page_size`.',
  })
  @ApiZodQuery(pageQuery)
  @ApiReply(listingPage('reviews', reviewResource))
  @ApiErrors('invalid_request', 'unauthorized')
  list(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(pageQuery) query: z.infer<typeof pageQuery>,
  ) {
    return accountListing(this.bus, {
      command: REVIEW_COMMANDS.list,
      collection: 'reviews',
      principal,
      query,
    });
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Read a firewall review',
    description:
      '`{review_id, operation: {kind, id}, status: in_review | info_requested | released | ' +
      'rejected, files, approvals, requested_info, created_at}`. Release needs two approvals ' +
      "by different reviewers. Another account's review: 404 `not_found`.",
  })
  @ApiReply(REVIEW_COMMANDS.get)
  @ApiErrors('unauthorized', 'not_found')
  get(@CurrentPrincipal() principal: Principal, @Param('id') review_id: string) {
    return this.bus.send(REVIEW_COMMANDS.get, { review_id, account_id: principal.account_id });
  }

  @Post(':id/files')
  @HttpCode(201)
  @ApiOperation({ summary: 'Attach a file to a firewall review', description: FILES_DESCRIPTION })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    required: true,
    schema: {
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' } },
    },
  })
  @ApiReply(REVIEW_COMMANDS.attach_file, 201)
  @ApiErrors(
    'invalid_request',
    'empty_file',
    'unauthorized',
    'not_found',
    'already_decided',
    'file_too_large',
    'unsupported_file_type',
    'file_limit_reached',
    'storage_unavailable',
  )
  upload(
    @CurrentPrincipal() principal: Principal,
    @Param('id') review_id: string,
    @Req() request: FastifyRequest,
  ) {
    if (!(request.body instanceof MultipartBody)) {
      throw new DomainError(
        'invalid_request',
        'send the file as multipart/form-data in the field `file`',
      );
    }
    const file = fileOfMultipart(request.body, 'file');
    return withStagedUploads(this.transfers, [file], ([upload]) =>
      this.bus.send(REVIEW_COMMANDS.attach_file, {
        review_id,
        account_id: principal.account_id,
        ...(upload as UploadedEvidenceFile),
      }),
    );
  }

  @Get(':id/files/:file_id')
  @ApiOperation({
    summary: 'Download a firewall review file',
    description: REVIEW_FILE_DESCRIPTION,
  })
  @ApiFileReply(EVIDENCE_CONTENT_TYPES, 'the file, under the type read from its bytes')
  @ApiErrors('invalid_request', 'unauthorized', 'not_found')
  file(
    @CurrentPrincipal() principal: Principal,
    @Param('id') review_id: string,
    @Param('file_id') file_id: string,
    @Res() reply: FastifyReply,
  ) {
    return sendReviewFile(this.bus, this.transfers, reply, {
      review_id,
      file_id,
      scope: { account_id: principal.account_id },
    });
  }

  @Post(':id/info')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Answer a firewall review’s request for information',
    description:
      '`{text}` answers the reviewer’s question; the review goes back to `in_review`. Only ' +
      "while `info_requested` (409 `not_awaiting_info`). 404 `not_found` (also another account's).",
  })
  @ApiZodBody(reviewInfoBody)
  @ApiReply(REVIEW_COMMANDS.answer_info)
  @ApiErrors('invalid_json', 'invalid_request', 'unauthorized', 'not_found', 'not_awaiting_info')
  answer(
    @CurrentPrincipal() principal: Principal,
    @Param('id') review_id: string,
    @ValidatedBody(reviewInfoBody) body: z.infer<typeof reviewInfoBody>,
  ) {
    return this.bus.send(REVIEW_COMMANDS.answer_info, {
      review_id,
      account_id: principal.account_id,
      text: body.text,
    });
  }
}
