import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ACCOUNT_SETTINGS_COMMANDS,
  requestEmailChangeBody,
  verifyEmailChangeBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiReply, ApiZodBody, ValidatedBody } from '../../http';
import {
  ManagesCredentials,
  RequireCredentialLevel,
  RequireRole,
} from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { clientInfoOf } from '../client-info';
import { actingMemberOf, HUMAN_SESSION_2FA_NOTE } from './acting-member';

/** A signed-in person's email change (spec §4 "Authentication and session"): the sign-in email. */
@ApiTags('account')
@ApiCredentials()
@ManagesCredentials()
@RequireRole('viewer')
@Controller('v1/me/email')
export class EmailChangeController {
  constructor(private readonly bus: BusClient) {}

  // The sign-in email is what account recovery reaches, so changing it is a step-up action.
  @Post('change')
  @HttpCode(200)
  @ApiReply(ACCOUNT_SETTINGS_COMMANDS.request_email_change)
  @RequireCredentialLevel('human_session')
  @ApiOperation({
    summary: 'Start an email change',
    description:
      'Mails a 6-digit code (30 minutes) to `new_email` and answers `{status: ' +
      'verification_sent, new_email, expires_at}`; nothing changes until it is verified. A new ' +
      'request replaces a pending one. The current email is 400 `same_email`; an email that ' +
      'already signs in to the organization 409 `duplicate`; a malformed one 400 ' +
      '`invalid_email`. Any member changes its own email. The sign-in email is where password ' +
      'recovery goes, so this is a step-up action. ' +
      HUMAN_SESSION_2FA_NOTE,
  })
  @ApiZodBody(requestEmailChangeBody)
  change(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(requestEmailChangeBody) body: z.infer<typeof requestEmailChangeBody>,
  ) {
    return this.bus.send(ACCOUNT_SETTINGS_COMMANDS.request_email_change, {
      ...body,
      actor: actingMemberOf(principal),
    });
  }

  @Post('verify')
  @HttpCode(200)
  @ApiReply(ACCOUNT_SETTINGS_COMMANDS.verify_email_change)
  @ApiOperation({
    summary: 'Verify the new email',
    description:
      '`{code}`, the code mailed by `/v1/me/email/change` (`000000` in the test environment), ' +
      'answers `{status: email_changed, email}`: the member signs in with the new email from ' +
      "now on, the account's email follows when it was the same address, and the old address " +
      'gets a notice. A wrong or expired code is 401 `invalid_code` (8 wrong codes burn it); ' +
      'with no change pending, 409 `already_verified`; an email taken meanwhile 409 `duplicate`.',
  })
  @ApiZodBody(verifyEmailChangeBody)
  verify(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(verifyEmailChangeBody) body: z.infer<typeof verifyEmailChangeBody>,
    @Req() request: FastifyRequest,
  ) {
    return this.bus.send(ACCOUNT_SETTINGS_COMMANDS.verify_email_change, {
      ...body,
      actor: actingMemberOf(principal),
      client: clientInfoOf(request),
    });
  }
}
