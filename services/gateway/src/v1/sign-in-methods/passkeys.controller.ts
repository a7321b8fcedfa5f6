import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { passkeyListing, SIGN_IN_COMMANDS, webAuthnCredentialField } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiCredentials,
  ApiReply,
  ApiZodBody,
  listingPage,
  pageBody,
  parsePagination,
  ValidatedBody,
  type PaginationQuery,
  ApiPagination,
} from '../../http';
import { ManagesCredentials, RequireRole } from '../../auth/access.decorators';
import { Public } from '../../auth/public.decorator';
import { actorOf, CurrentPrincipal, type Principal } from '../../auth/principal';
import { clientInfoOf } from '../client-info';

/** Spec §4: these routes take an optional body; none of its fields is needed today. */
const emptyBody = z.object({}).strict().optional();
const finishRegistrationBody = z
  .object({
    credential: webAuthnCredentialField,
    label: z.string().max(60).optional(),
  })
  .strict();
const beginLoginBody = z.object({ org: z.string(), email: z.string().optional() }).strict();
const finishLoginBody = z.object({ org: z.string(), credential: webAuthnCredentialField }).strict();

const PASSKEY_NOTE =
  'Relying party: `PASSKEY_RP_ID` and `PASSKEY_ORIGINS` settings (default: the host and origin ' +
  'of the environment base address). User verification is required. Any verification failure ' +
  'answers 403 `passkey_rejected`; challenges are single use and expire after 5 minutes.';

/** The signed-in person's passkeys (spec §4): sign-in methods, so user sessions only (decisions D12). */
@ApiTags('passkeys')
@ApiCredentials()
@ManagesCredentials()
// Every member manages their own sign-in methods, viewers included.
@RequireRole('viewer')
@Controller('v1/me/passkeys')
export class MyPasskeysController {
  constructor(private readonly bus: BusClient) {}

  @Post('register/begin')
  @HttpCode(200)
  @ApiReply(SIGN_IN_COMMANDS.begin_passkey_registration)
  @ApiOperation({
    summary: 'Start registering a passkey',
    description:
      'Answers `PublicKeyCredentialCreationOptionsJSON` for `navigator.credentials.create()`. ' +
      `The body is optional and empty. ${PASSKEY_NOTE}`,
  })
  beginRegistration(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(emptyBody) _body: z.infer<typeof emptyBody>,
  ) {
    return this.bus.send(SIGN_IN_COMMANDS.begin_passkey_registration, {
      actor: actorOf(principal),
    });
  }

  @Post('register/finish')
  @HttpCode(201)
  @ApiReply(SIGN_IN_COMMANDS.finish_passkey_registration, 201)
  @ApiOperation({
    summary: 'Finish registering a passkey',
    description:
      '`credential` is the `PublicKeyCredential` JSON (`toJSON()`) the browser returned; ' +
      `\`label\` (up to 60 characters) names it in the listing. ${PASSKEY_NOTE}`,
  })
  @ApiZodBody(finishRegistrationBody)
  finishRegistration(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(finishRegistrationBody) body: z.infer<typeof finishRegistrationBody>,
  ) {
    return this.bus.send(SIGN_IN_COMMANDS.finish_passkey_registration, {
      actor: actorOf(principal),
      ...body,
    });
  }

  @Get()
  @ApiPagination()
  @ApiReply(listingPage('passkeys', passkeyListing))
  @ApiOperation({ summary: 'The passkeys of the signed-in person, newest first' })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: PaginationQuery) {
    const pagination = parsePagination(query);
    const reply = await this.bus.send(SIGN_IN_COMMANDS.list_passkeys, {
      actor: actorOf(principal),
      limit: pagination.limit,
      offset: pagination.offset,
    });
    return pageBody('passkeys', pagination, reply.passkeys);
  }

  @Delete(':passkeyID')
  @ApiReply(SIGN_IN_COMMANDS.delete_passkey)
  @ApiOperation({
    summary: 'Remove a passkey',
    description:
      'Another person’s or account’s passkey is 404 `not_found`; the only remaining way to ' +
      'sign in is 409 `last_login_method`. The body is optional and empty.',
  })
  remove(
    @CurrentPrincipal() principal: Principal,
    @Param('passkeyID') passkey_id: string,
    @ValidatedBody(emptyBody) _body: z.infer<typeof emptyBody>,
  ) {
    return this.bus.send(SIGN_IN_COMMANDS.delete_passkey, {
      actor: actorOf(principal),
      passkey_id,
    });
  }
}

/** Sign-in with a passkey (spec §4); public, answers a session like login. */
@ApiTags('auth')
@Public()
@Controller('v1/auth/passkeys/login')
export class PasskeyLoginController {
  constructor(private readonly bus: BusClient) {}

  @Post('begin')
  @HttpCode(200)
  @ApiReply(SIGN_IN_COMMANDS.begin_passkey_login)
  @ApiOperation({
    summary: 'Start a passkey sign-in',
    description:
      'Answers `PublicKeyCredentialRequestOptionsJSON` for `navigator.credentials.get()`. With ' +
      '`email`, the person’s passkeys are listed in `allowCredentials`; without it, the browser ' +
      `offers its discoverable passkeys. ${PASSKEY_NOTE}`,
  })
  @ApiZodBody(beginLoginBody)
  begin(@ValidatedBody(beginLoginBody) body: z.infer<typeof beginLoginBody>) {
    return this.bus.send(SIGN_IN_COMMANDS.begin_passkey_login, body);
  }

  @Post('finish')
  @HttpCode(200)
  @ApiReply(SIGN_IN_COMMANDS.finish_passkey_login)
  @ApiOperation({
    summary: 'Finish a passkey sign-in: answers a session',
    description:
      '`credential` is the assertion JSON the browser returned. A passkey with user ' +
      'verification is two factors on its own: the organization login OTP policy adds no code. ' +
      PASSKEY_NOTE,
  })
  @ApiZodBody(finishLoginBody)
  finish(
    @ValidatedBody(finishLoginBody) body: z.infer<typeof finishLoginBody>,
    @Req() request: FastifyRequest,
  ) {
    return this.bus.send(SIGN_IN_COMMANDS.finish_passkey_login, {
      ...body,
      client: clientInfoOf(request),
    });
  }
}
