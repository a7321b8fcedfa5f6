import { Controller, Get, Header, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  onboardingDocumentBody,
  onboardingIdentityBody,
  onboardingLivenessBody,
  VERIFICATION_COMMANDS,
  type OnboardingDocumentBody,
  type OnboardingIdentityBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import type { TransferArea } from '@platform/object-storage';
import { TRANSFER_AREA } from '@platform/runtime';
import {
  ApiFileReply,
  ApiReply,
  ApiZodBody,
  ApiZodQuery,
  resolveLocale,
  ValidatedBody,
  ValidatedQuery,
  withStagedText,
} from '../http';
import { Public } from '../auth/public.decorator';
import { onboardingPage } from './onboarding-page';

const localeQuery = z.object({ lang: z.string().optional(), locale: z.string().optional() });

const FILES_NOTE =
  'Files travel base64 in `content_base64` (a data URL is accepted); their type is read from ' +
  'the content: JPEG, PNG or PDF (selfies: JPEG or PNG), else 400 `unsupported_document_type`; ' +
  'an image that does not decode 400 `invalid_image`; a damaged PDF or bad base64 400 ' +
  '`invalid_document_file`; empty 400 `empty_file`; over the size limit (700 KB by default) ' +
  '413 `file_too_large`. ';
const LINK_NOTE =
  '404 `not_found` for an unknown token; 409 `link_inactive` once the link expired, was ' +
  'replaced by a newer one or was submitted.';

/**
 * The hosted identity verification page and its API (decisions D8): no credential, the token in
 * the path is the capability.
 */
@ApiTags('identity verification (hosted page)')
@Public()
@Controller('verify/onboarding')
export class OnboardingController {
  constructor(
    private readonly bus: BusClient,
    @Inject(TRANSFER_AREA) private readonly transfers: TransferArea,
  ) {}

  @Get(':token')
  @ApiFileReply(['text/html'], 'the hosted verification page')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Hosted identity verification page (HTML, en/es/zh)' })
  @ApiZodQuery(localeQuery)
  async page(
    @Param('token') token: string,
    @ValidatedQuery(localeQuery) query: z.infer<typeof localeQuery>,
    @Req() request: FastifyRequest,
  ) {
    const view = await this.bus.send(VERIFICATION_COMMANDS.get_onboarding, { token });
    const accept = request.headers['accept-language'];
    const locale = resolveLocale({
      query_lang: query.lang,
      query_locale: query.locale,
      account_locale: view.locale,
      accept_language: typeof accept === 'string' ? accept : null,
    });
    return onboardingPage(token, view, locale);
  }

  @Get(':token/state')
  @ApiReply(VERIFICATION_COMMANDS.get_onboarding)
  @ApiOperation({
    summary: 'State of a hosted verification link',
    description:
      '`{link_id, kind, link_status (open, completed, expired), expires_at, locale, ' +
      'organization, identity_entered, documents, liveness_completed, liveness_required, ' +
      'missing (identity, documents, liveness; review when all is there), status}`. ' +
      '404 `not_found`.',
  })
  state(@Param('token') token: string) {
    return this.bus.send(VERIFICATION_COMMANDS.get_onboarding, { token });
  }

  @Post(':token/identity')
  @HttpCode(200)
  @ApiZodBody(onboardingIdentityBody)
  @ApiReply(VERIFICATION_COMMANDS.submit_identity)
  @ApiOperation({
    summary: 'Enter the identity to verify',
    description:
      'A person: `{first_name, last_name, doc_id, birth_date (YYYY-MM-DD, an adult), country}`; ' +
      'a company: `{legal_name, doc_id (registration or tax number), country}`. Entering it ' +
      'again replaces it. 400 `invalid_name`, `invalid_doc_id`, `invalid_country`, ' +
      `\`invalid_request\` (birth date). ${LINK_NOTE}`,
  })
  identity(
    @Param('token') token: string,
    @ValidatedBody(onboardingIdentityBody) identity: OnboardingIdentityBody,
  ) {
    return this.bus.send(VERIFICATION_COMMANDS.submit_identity, { token, identity });
  }

  @Post(':token/documents')
  @HttpCode(201)
  @ApiZodBody(onboardingDocumentBody)
  @ApiReply(VERIFICATION_COMMANDS.upload_document, 201)
  @ApiOperation({
    summary: 'Upload a document',
    description:
      '`{category (identity_document, proof_of_address, company_registration), filename?, ' +
      'content_base64}` answers 201 `{document_id, category, content_type, size_bytes, ' +
      'created_at}`. A person needs an `identity_document`, a company a ' +
      '`company_registration`; at most 10 documents (422 `file_limit_reached`). ' +
      FILES_NOTE +
      LINK_NOTE,
  })
  document(
    @Param('token') token: string,
    @ValidatedBody(onboardingDocumentBody) document: OnboardingDocumentBody,
  ) {
    const { content_base64, ...rest } = document;
    return withStagedText(this.transfers, content_base64, (content_key) =>
      this.bus.send(VERIFICATION_COMMANDS.upload_document, {
        token,
        document: { ...rest, content_key },
      }),
    );
  }

  @Post(':token/liveness')
  @HttpCode(200)
  @ApiZodBody(onboardingLivenessBody)
  @ApiReply(VERIFICATION_COMMANDS.complete_liveness)
  @ApiOperation({
    summary: 'Take the liveness step (persons)',
    description:
      '`{selfie_base64}`: a photo of the person taken now. A company takes no liveness step ' +
      '(400 `invalid_request`); a second one is 400 `liveness_already_completed`. ' +
      FILES_NOTE +
      LINK_NOTE,
  })
  liveness(
    @Param('token') token: string,
    @ValidatedBody(onboardingLivenessBody) body: z.infer<typeof onboardingLivenessBody>,
  ) {
    return withStagedText(this.transfers, body.selfie_base64, (selfie_key) =>
      this.bus.send(VERIFICATION_COMMANDS.complete_liveness, { token, selfie_key }),
    );
  }

  @Post(':token/submit')
  @HttpCode(200)
  @ApiReply(VERIFICATION_COMMANDS.finish)
  @ApiOperation({
    summary: 'Submit the verification',
    description:
      'Sends what the page collected; 400 `invalid_request` names what is missing. The ' +
      'account’s status becomes `pending`; events follow in order: `kyc_link_completed`, ' +
      '`kyc_document_validated`, `kyc_liveness_completed` (persons), then ' +
      '`kyc_verification_status_changed` (`kyb_*` for companies). ' +
      LINK_NOTE,
  })
  submit(@Param('token') token: string) {
    return this.bus.send(VERIFICATION_COMMANDS.finish, { token });
  }
}
