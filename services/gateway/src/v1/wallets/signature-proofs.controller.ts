import { Controller, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createSignatureProofBody,
  SIGNATURE_PROOF_COMMANDS,
  signatureProofResource,
  type CreateSignatureProofBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../../gateway.settings';
import {
  ApiCredentials,
  ApiReply,
  ApiZodBody,
  ApiZodQuery,
  listingPage,
  pageBody,
  parsePagination,
  ValidatedBody,
  ValidatedQuery,
} from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';
import { publicBaseUrl } from '../payins/public-base-url';

const listQuery = z.object({
  from: z.unknown().optional(),
  to: z.unknown().optional(),
  status: z.string().max(40).optional(),
  purpose: z.string().max(1000).optional(),
  page: z.unknown().optional(),
  page_size: z.unknown().optional(),
});
const emptyBody = z.object({}).strict().optional();

/** A date filter as sent: text for the service to judge, anything else left out as shaped. */
const dateText = (value: unknown): string | undefined =>
  value === undefined ? undefined : typeof value === 'string' ? value : String(value);

/** Signature proofs (decisions D9): statements signed by a segregated wallet, verifiable in public. */
@ApiTags('signature-proofs')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/signature-proofs')
export class SignatureProofsController {
  constructor(
    private readonly bus: BusClient,
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
  ) {}

  private baseUrl(request: FastifyRequest): string {
    return publicBaseUrl(request, this.context.environment, this.settings);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Sign a statement as a public proof',
    description:
      "Signs `statement` (1 to 280 characters, 400 `invalid_statement`) with one of the account's " +
      "segregated wallets (`wallet_id`; another account's: 404 `not_found`) and publishes it at " +
      '`verify_url` (no credentials). The signed message is the statement itself: EIP-191 ' +
      '`personal_sign` on eth, TRON message signing on tron. `purpose`: 1 to 100 characters ' +
      '(400 `invalid_purpose`). Emits `wallet_signature_created`.',
  })
  @ApiZodBody(createSignatureProofBody)
  @ApiReply(SIGNATURE_PROOF_COMMANDS.create, 201)
  @ApiErrors(
    'invalid_statement',
    'invalid_purpose',
    'invalid_request',
    'invalid_json',
    'unauthorized',
    'not_found',
  )
  create(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(createSignatureProofBody) body: CreateSignatureProofBody,
    @Req() request: FastifyRequest,
  ) {
    return this.bus.send(SIGNATURE_PROOF_COMMANDS.create, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      base_url: this.baseUrl(request),
      ...body,
    });
  }

  @Get()
  @ApiOperation({
    summary: 'List signature proofs',
    description:
      'Newest first; `page`, `page_size`; filters `from`/`to` (creation day), `status` ' +
      '(`signed` or `revoked`, 400 `invalid_status`) and `purpose` (exact).',
  })
  @ApiZodQuery(listQuery)
  @ApiReply(listingPage('proofs', signatureProofResource))
  @ApiErrors('invalid_request', 'invalid_range', 'invalid_status', 'unauthorized')
  async list(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(listQuery) query: z.infer<typeof listQuery>,
    @Req() request: FastifyRequest,
  ) {
    const pagination = parsePagination(query);
    const from = dateText(query.from);
    const to = dateText(query.to);
    const { proofs } = await this.bus.send(SIGNATURE_PROOF_COMMANDS.list, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      base_url: this.baseUrl(request),
      ...(from === undefined ? {} : { from }),
      ...(to === undefined ? {} : { to }),
      ...(query.status === undefined ? {} : { status: query.status }),
      ...(query.purpose === undefined ? {} : { purpose: query.purpose }),
      limit: pagination.limit,
      offset: pagination.offset,
    });
    return pageBody('proofs', pagination, proofs);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Read a signature proof',
    description: "Another account's proof: 404 `not_found`.",
  })
  @ApiReply(SIGNATURE_PROOF_COMMANDS.get)
  @ApiErrors('unauthorized', 'not_found')
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('id') proof_id: string,
    @Req() request: FastifyRequest,
  ) {
    return this.bus.send(SIGNATURE_PROOF_COMMANDS.get, {
      account_id: principal.account_id,
      base_url: this.baseUrl(request),
      proof_id,
    });
  }

  @Post(':id/revoke')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Revoke a signature proof',
    description:
      'Answers the proof with `status: revoked`; its public page shows it revoked. Revoking ' +
      "again answers the same. The body is optional and empty. Another account's proof: 404 " +
      '`not_found`.',
  })
  @ApiZodBody(emptyBody)
  @ApiReply(SIGNATURE_PROOF_COMMANDS.revoke)
  @ApiErrors('invalid_json', 'unauthorized', 'not_found')
  revoke(
    @CurrentPrincipal() principal: Principal,
    @Param('id') proof_id: string,
    @ValidatedBody(emptyBody) _body: z.infer<typeof emptyBody>,
    @Req() request: FastifyRequest,
  ) {
    return this.bus.send(SIGNATURE_PROOF_COMMANDS.revoke, {
      account_id: principal.account_id,
      base_url: this.baseUrl(request),
      proof_id,
    });
  }
}
