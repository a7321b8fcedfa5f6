import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  DISPUTE_COMMANDS,
  disputeEvidenceBody,
  disputeResource,
  type DisputeEvidenceBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiCredentials,
  ApiReply,
  ApiZodBody,
  ApiZodQuery,
  listingPage,
  ValidatedBody,
  ValidatedQuery,
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
  'Answers a dispute that needs a response with evidence text: it moves to `under_review` and',
  'the card network decides. Sandbox: a card payin whose amount ends `.55` is disputed one step',
  'after it is credited; the dispute is `won` one step after the evidence, unless the text',
  'contains `LOSE`. Errors: 400 `invalid_evidence` (1 to 10,000 characters), `invalid_request`,',
  "`invalid_json`; 409 `dispute_not_awaiting_response`; another account's dispute: 404",
  '`not_found`.',
].join(' ');

/** Payment disputes on card payins (decisions D8). */
@ApiTags('disputes')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/disputes')
export class DisputesController {
  constructor(private readonly bus: BusClient) {}

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

  @Post(':id/evidence')
  @HttpCode(200)
  @ApiOperation({ summary: 'Submit evidence for a dispute', description: EVIDENCE_DESCRIPTION })
  @ApiZodBody(disputeEvidenceBody)
  @ApiReply(DISPUTE_COMMANDS.submit_evidence)
  @ApiErrors(
    'invalid_evidence',
    'invalid_request',
    'invalid_json',
    'unauthorized',
    'not_found',
    'dispute_not_awaiting_response',
  )
  submitEvidence(
    @CurrentPrincipal() principal: Principal,
    @Param('id') dispute_id: string,
    @ValidatedBody(disputeEvidenceBody) body: DisputeEvidenceBody,
  ) {
    return this.bus.send(DISPUTE_COMMANDS.submit_evidence, {
      account_id: principal.account_id,
      dispute_id: dispute_id.slice(0, 200),
      text: body.text,
    });
  }
}
