import { Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SIGN_IN_COMMANDS, SOCIAL_PROVIDERS } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiReply, ApiZodBody, ValidatedBody } from '../../http';
import { ManagesCredentials, RequireRole } from '../../auth/access.decorators';
import { Public } from '../../auth/public.decorator';
import { actorOf, CurrentPrincipal, type Principal } from '../../auth/principal';
import { clientInfoOf } from '../client-info';

const socialLoginBody = z
  .object({
    id_token: z.string().describe('the OpenID Connect ID token the provider issued to the app'),
    org: z.string().describe('organization slug'),
    type: z.string().optional().describe('sign-up only: person (default) or company'),
    display_name: z
      .string()
      .optional()
      .describe('sign-up only: default the token name, else the email local part'),
  })
  .strict();
const linkBody = z.object({ id_token: z.string() }).strict();

const PROVIDERS_NOTE =
  `\`provider\` is one of ${SOCIAL_PROVIDERS.join(', ')} (else 400 \`invalid_provider\`). A ` +
  'provider needs `SOCIAL_<PROVIDER>_AUDIENCE` (its client ids) and optionally ' +
  '`SOCIAL_<PROVIDER>_JWKS` (URL or inline JWKS) and `SOCIAL_<PROVIDER>_ISSUER` settings; ' +
  'without them 400 `provider_not_configured`. A token that fails verification (signature, ' +
  'audience, issuer, expiry) is 401 `invalid_credential`.';

/** Social login by ID-token exchange (spec §5 rule 10, §7 "Social login"). */
@ApiTags('auth')
@Public()
@Controller('v1/auth/social')
export class SocialLoginController {
  constructor(private readonly bus: BusClient) {}

  @Post(':provider')
  @HttpCode(200)
  @ApiReply(SIGN_IN_COMMANDS.social_login)
  @ApiOperation({
    summary: 'Sign in or sign up with an identity provider: answers a session',
    description:
      `${PROVIDERS_NOTE} A linked identity signs in. An unknown identity signs up a new ` +
      'passwordless account with the provider-verified email (`email_verified`; Facebook ' +
      'releases confirmed emails only), approved like any confirmed account of the environment. ' +
      'No verified email: 409 `email_required`. An email that already has an account is never ' +
      'linked silently: 409 `email_conflict`; sign in to that account and link the provider ' +
      'with `POST /v1/me/identities/{provider}`. When the organization requires OTP at ' +
      'login, the answer is `otp_required` with a `pending_token`, finished at ' +
      '`POST /v1/auth/login/otp`, as for a password login.',
  })
  @ApiZodBody(socialLoginBody)
  login(
    @Param('provider') provider: string,
    @ValidatedBody(socialLoginBody) body: z.infer<typeof socialLoginBody>,
    @Req() request: FastifyRequest,
  ) {
    return this.bus.send(SIGN_IN_COMMANDS.social_login, {
      ...body,
      provider,
      client: clientInfoOf(request),
    });
  }
}

/** The signed-in person's linked identities: sign-in methods, so user sessions only (decisions D12). */
@ApiTags('account')
@ApiCredentials()
@ManagesCredentials()
// Every member manages their own sign-in methods, viewers included.
@RequireRole('viewer')
@Controller('v1/me/identities')
export class MyIdentitiesController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  @ApiReply(SIGN_IN_COMMANDS.list_social_identities)
  @ApiOperation({ summary: 'Linked identity providers, newest first: `{identities}`' })
  list(@CurrentPrincipal() principal: Principal) {
    return this.bus.send(SIGN_IN_COMMANDS.list_social_identities, { actor: actorOf(principal) });
  }

  @Post(':provider')
  @HttpCode(200)
  @ApiReply(SIGN_IN_COMMANDS.link_social_identity)
  @ApiOperation({
    summary: 'Link an identity provider to the signed-in person',
    description:
      `${PROVIDERS_NOTE} An identity linked to another account is 409 \`identity_taken\`; ` +
      'another identity of the same provider already linked is 409 `duplicate`.',
  })
  @ApiZodBody(linkBody)
  link(
    @CurrentPrincipal() principal: Principal,
    @Param('provider') provider: string,
    @ValidatedBody(linkBody) body: z.infer<typeof linkBody>,
  ) {
    return this.bus.send(SIGN_IN_COMMANDS.link_social_identity, {
      actor: actorOf(principal),
      provider,
      id_token: body.id_token,
    });
  }

  @Delete(':provider')
  @ApiReply(SIGN_IN_COMMANDS.unlink_social_identity)
  @ApiOperation({
    summary: 'Unlink an identity provider',
    description:
      'Nothing linked there: 404 `not_found`. The only remaining way to sign in (no password, ' +
      'passkey or other provider): 409 `last_login_method`.',
  })
  unlink(@CurrentPrincipal() principal: Principal, @Param('provider') provider: string) {
    return this.bus.send(SIGN_IN_COMMANDS.unlink_social_identity, {
      actor: actorOf(principal),
      provider,
    });
  }
}
