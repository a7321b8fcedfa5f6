import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DISPUTE_COMMANDS,
  DISPUTE_EVIDENCE_MAX_FILES,
  disputeEvidenceBody,
  disputeResource,
  DomainError,
  EVIDENCE_CONTENT_TYPES,
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
  filesOfMultipart,
  listingPage,
  MultipartBody,
  parseOrThrow,
  sendAttachment,
  textOfMultipart,
  type UploadedFile,
  ValidatedQuery,
  withStagedUploads,
} from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { accountListing } from '../account-listing';
import { ApiErrors } from '../aml/api-errors.decorator';

const pageQuery = z.object({ page: z.unknown().optional(), page_size: z.unknown().optional() });

const DISPUTE_DESCRIPTION = [
  "A payer's bank contests a card payin: the disputed amount is held on the account's balance",
  'while the dispute is open. `status` is `needs_response` (answer with evidence before',
  '`respond_by`), `under_review`, `won` (the hold is released) or `lost` (the hold is debited).',
  "Each change emits `dispute_status_changed`. Another account's dispute: 404 `not_found`.",
].join(' ');

const EVIDENCE_DESCRIPTION = [
  'Answers a dispute that needs a response with evidence: it moves to `under_review` and the',
  'card network decides. Either JSON `{text}`, or `multipart/form-data` with the field `text`',
  `and 1 to ${DISPUTE_EVIDENCE_MAX_FILES} files in the field \`file\` (422 \`file_limit_reached\``,
  'beyond): at most 50 MB a file (413 `file_too_large`), of a type read from the content: PDF,',
  'PNG, JPEG, WEBP, TXT, CSV, DOC, DOCX, XLS, XLSX (else 415 `unsupported_file_type`); 400',
  '`empty_file`. A refused request stores nothing (sandbox disputes and',
  'outcomes: see the `sandbox` tag). Errors: 400 `invalid_evidence` (1 to 10,000',
  'characters), `invalid_request`, `invalid_json`; 409 `dispute_not_awaiting_response`;',
  "another account's dispute: 404 `not_found`.",
].join(' ');

const EVIDENCE_MULTIPART_SCHEMA = {
  type: 'object',
  required: ['text', 'file'],
  properties: {
    text: { type: 'string', description: '1 to 10,000 characters' },
    file: {
      type: 'array',
      items: { type: 'string', format: 'binary' },
      minItems: 1,
      maxItems: DISPUTE_EVIDENCE_MAX_FILES,
    },
  },
};

/** The evidence of a JSON body or of a multipart one (its text field and its files). */
function evidenceOf(body: unknown): { text: string; files?: UploadedFile[] } {
  if (!(body instanceof MultipartBody)) return parseOrThrow(disputeEvidenceBody, body);
  const { text } = parseOrThrow(disputeEvidenceBody, { text: textOfMultipart(body, 'text') });
  const files = filesOfMultipart(body, 'file');
  if (files.length === 0) {
    throw new DomainError('invalid_request', 'send the files in the multipart field `file`');
  }
  return { text, files };
}

/** Payment disputes on card payins (decisions D8). */
@ApiTags('disputes')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/disputes')
export class DisputesController {
  constructor(
    private readonly bus: BusClient,
    @Inject(TRANSFER_AREA) private readonly transfers: TransferArea,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List disputes', description: 'Newest first; `page`, `page_size`.' })
  @ApiZodQuery(pageQuery)
  @ApiReply(listingPage('disputes', disputeResource))
  @ApiErrors('invalid_request', 'unauthorized')
  list(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(pageQuery) query: z.infer<typeof pageQuery>,
  ) {
    return accountListing(this.bus, {
      command: DISPUTE_COMMANDS.list_disputes,
      collection: 'disputes',
      principal,
      query,
    });
  }

  @Get(':id')
  @ApiOperation({ summary: 'Read a dispute', description: DISPUTE_DESCRIPTION })
  @ApiReply(DISPUTE_COMMANDS.get_dispute)
  @ApiErrors('unauthorized', 'not_found')
  get(@CurrentPrincipal() principal: Principal, @Param('id') dispute_id: string) {
    return this.bus.send(DISPUTE_COMMANDS.get_dispute, {
      account_id: principal.account_id,
      dispute_id: dispute_id.slice(0, 200),
    });
  }

  @Get(':id/files/:file_id')
  @ApiOperation({
    summary: 'Download a dispute evidence file',
    description:
      'The bytes of a file sent with the evidence, under the content type read from them ' +
      "(`Content-Disposition: attachment`). 404 `not_found`: an unknown file, another account's " +
      'dispute.',
  })
  @ApiFileReply(EVIDENCE_CONTENT_TYPES, 'the file, under the type read from its bytes')
  @ApiErrors('invalid_request', 'unauthorized', 'not_found')
  async file(
    @CurrentPrincipal() principal: Principal,
    @Param('id') dispute_id: string,
    @Param('file_id') file_id: string,
    @Res() reply: FastifyReply,
  ) {
    const file = await this.bus.send(DISPUTE_COMMANDS.get_file, {
      account_id: principal.account_id,
      dispute_id: dispute_id.slice(0, 200),
      file_id,
    });
    return sendAttachment(reply, this.transfers, file);
  }

  @Post(':id/evidence')
  @HttpCode(200)
  @ApiOperation({ summary: 'Submit evidence for a dispute', description: EVIDENCE_DESCRIPTION })
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiZodBody(disputeEvidenceBody)
  @ApiMultipartBody(EVIDENCE_MULTIPART_SCHEMA)
  @ApiReply(DISPUTE_COMMANDS.submit_evidence)
  @ApiErrors(
    'invalid_evidence',
    'invalid_request',
    'invalid_json',
    'empty_file',
    'unauthorized',
    'not_found',
    'dispute_not_awaiting_response',
    'file_too_large',
    'unsupported_file_type',
    'file_limit_reached',
    'storage_unavailable',
  )
  submitEvidence(
    @CurrentPrincipal() principal: Principal,
    @Param('id') dispute_id: string,
    @Req() request: FastifyRequest,
  ) {
    const { text, files } = evidenceOf(request.body);
    return withStagedUploads(this.transfers, files ?? [], (uploads) =>
      this.bus.send(DISPUTE_COMMANDS.submit_evidence, {
        account_id: principal.account_id,
        dispute_id: dispute_id.slice(0, 200),
        text,
        ...(files ? { files: uploads } : {}),
      }),
    );
  }
}
