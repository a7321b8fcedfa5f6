import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CONTRACT_COMMANDS,
  contractEnvelopeResource,
  signContractBody,
  type SignContractBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import type { TransferArea } from '@platform/object-storage';
import { PLATFORM_CONTEXT, TRANSFER_AREA, type PlatformContext } from '@platform/runtime';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../../gateway.settings';
import {
  ApiCredentials,
  ApiFileReply,
  ApiReply,
  ApiZodBody,
  ApiZodQuery,
  listingPage,
  sendAttachment,
  ValidatedBody,
  ValidatedQuery,
  withStagedText,
} from '../../http';
import { RequireCredentialLevel, RequireOtp } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { accountListing } from '../account-listing';
import { ApiErrors } from '../aml/api-errors.decorator';
import { publicBaseUrl } from '../payins/public-base-url';

const pageQuery = z.object({ page: z.unknown().optional(), page_size: z.unknown().optional() });

const SIGN_DESCRIPTION = [
  'Signs a `pending` envelope: `{signature_png, consent: true}` with `X-OTP-Token` for the',
  'action `contract.sign` when the organization asks OTP for it (API keys are exempt).',
  '`signature_png` is the drawn signature, a PNG in Base64: anything that does not decode as a',
  'PNG of 16 to 2000 pixels a side (2 million at most), at most 512 KB, is 422',
  '`invalid_signature_image`. `consent`',
  'must be the literal `true` (400 `invalid_request`). The signed PDF carries the filled text,',
  "the signature, the signer's name and email, the signing time in the organization's time",
  'zone and a verification code; answers `{envelope_id, code, verify_url, sha256, signed_at}`,',
  "where `verify_url` is the PDF's public verification page and `sha256` the PDF's hash. A",
  'signed envelope: 409 `duplicate`. A newer template version replaced the envelope’s: 422',
  "`contract_template_superseded`. Another account's envelope: 404 `not_found`.",
].join(' ');

/** The account's contracts (decisions D11): read its envelopes, sign one, download the PDF. */
@ApiTags('contracts')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/me/contracts/envelopes')
export class MyContractsController {
  constructor(
    private readonly bus: BusClient,
    @Inject(TRANSFER_AREA) private readonly transfers: TransferArea,
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
  ) {}

  @Get()
  @ApiOperation({
    summary: "The account's contract envelopes",
    description: 'Newest first; `page`, `page_size`. `status` is `pending` or `signed`.',
  })
  @ApiZodQuery(pageQuery)
  @ApiReply(listingPage('envelopes', contractEnvelopeResource))
  @ApiErrors('invalid_request', 'unauthorized')
  list(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(pageQuery) query: z.infer<typeof pageQuery>,
  ) {
    return accountListing(this.bus, {
      command: CONTRACT_COMMANDS.list_envelopes,
      collection: 'envelopes',
      principal,
      query,
    });
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Read a contract envelope',
    description:
      'The filled fields, the status and, once signed, `signed_at`, `code` and the PDF’s ' +
      "`sha256`. Another account's envelope: 404 `not_found`.",
  })
  @ApiReply(CONTRACT_COMMANDS.get_envelope)
  @ApiErrors('unauthorized', 'not_found')
  get(@CurrentPrincipal() principal: Principal, @Param('id') envelope_id: string) {
    return this.bus.send(CONTRACT_COMMANDS.get_envelope, {
      account_id: principal.account_id,
      envelope_id: envelope_id.slice(0, 200),
    });
  }

  @Get(':id/pdf')
  @ApiProduces('application/pdf')
  @ApiFileReply(['application/pdf'], 'the contract, a PDF')
  @ApiOperation({
    summary: 'Download the contract PDF',
    description:
      'Signed: the signed PDF, byte for byte the one whose `sha256` the envelope and the public ' +
      'verification show. Pending: a preview with an empty signature box. Another account’s ' +
      'envelope: 404 `not_found`.',
  })
  @ApiErrors('unauthorized', 'not_found', 'storage_unavailable')
  async pdf(
    @CurrentPrincipal() principal: Principal,
    @Param('id') envelope_id: string,
    @Res() reply: FastifyReply,
  ) {
    const file = await this.bus.send(CONTRACT_COMMANDS.get_pdf, {
      account_id: principal.account_id,
      envelope_id: envelope_id.slice(0, 200),
    });
    return sendAttachment(reply, this.transfers, file);
  }

  @Post(':id/sign')
  @HttpCode(200)
  @RequireOtp('contract.sign')
  @ApiOperation({ summary: 'Sign a contract envelope', description: SIGN_DESCRIPTION })
  @ApiZodBody(signContractBody)
  @ApiReply(CONTRACT_COMMANDS.sign_envelope)
  @ApiErrors(
    'invalid_request',
    'invalid_json',
    'unauthorized',
    'otp_required',
    'otp_invalid',
    'not_found',
    'duplicate',
    'invalid_signature_image',
    'contract_template_superseded',
    'storage_unavailable',
  )
  sign(
    @CurrentPrincipal() principal: Principal,
    @Param('id') envelope_id: string,
    @ValidatedBody(signContractBody) body: SignContractBody,
    @Req() request: FastifyRequest,
  ) {
    return withStagedText(this.transfers, body.signature_png, (signature_key) =>
      this.bus.send(CONTRACT_COMMANDS.sign_envelope, {
        account_id: principal.account_id,
        envelope_id: envelope_id.slice(0, 200),
        signature_key,
        consent: body.consent,
        base_url: publicBaseUrl(request, this.context.environment, this.settings),
      }),
    );
  }
}
