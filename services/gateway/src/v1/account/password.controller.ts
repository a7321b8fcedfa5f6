import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ACCOUNT_SETTINGS_COMMANDS,
  changePasswordBody,
  resetPasswordWithLinkBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiReply, ApiZodBody, ValidatedBody } from '../../http';
import { ManagesCredentials, RequireOtp, RequireRole } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { Public } from '../../auth/public.decorator';
import { clientInfoOf } from '../client-info';
import { actingMemberOf } from './acting-member';

/** A signed-in person's password change (spec §4 "Authentication and session"). */
@ApiTags('account')
@ApiCredentials()
@Controller('v1/me/password')
export class PasswordChangeController {
  constructor(private readonly bus: BusClient) {}

  @Post()
  @HttpCode(200)
  @ManagesCredentials()
  @RequireRole('viewer')
  @RequireOtp('password.change')
  @ApiReply(ACCOUNT_SETTINGS_COMMANDS.change_password)
  @ApiOperation({
    summary: 'Change the password',
    description:
      'Any member changes its own password: `{current_password, new_password}` answers ' +
      '`{status: password_changed}`. Every other session of the member ends (this one stays). ' +
      'A wrong current password is 401 `invalid_credentials`; a new one under 8 characters ' +
      '400 `weak_password`. When the organization asks OTP for `password.change`, send ' +
      '`X-OTP-Token`.',
  })
  @ApiZodBody(changePasswordBody)
  change(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(changePasswordBody) body: z.infer<typeof changePasswordBody>,
    @Req() request: FastifyRequest,
  ) {
    return this.bus.send(ACCOUNT_SETTINGS_COMMANDS.change_password, {
      ...body,
      actor: actingMemberOf(principal),
      client: clientInfoOf(request),
    });
  }
}

/** Password reset by the emailed link (spec §4, §8). */
@ApiTags('auth')
@Public()
@Controller('v1/auth/password/reset-link')
export class ResetLinkController {
  constructor(private readonly bus: BusClient) {}

  @Post()
  @HttpCode(200)
  @ApiReply(ACCOUNT_SETTINGS_COMMANDS.reset_password_with_link)
  @ApiOperation({
    summary: 'Reset the password with the emailed link',
    description:
      '`POST /v1/auth/password/forgot` mails a code and, beside it, a link token (`rl_...`). ' +
      '`{org, token, new_password}` answers `{status: password_reset}`: the link is single use ' +
      'and lives 60 minutes; it verifies the email, clears a pending registration (the member ' +
      'can sign in at once) and ends every session. A used, expired or unknown token, or one ' +
      'of another organization, is 401 `invalid_code`, as a wrong reset code is.',
  })
  @ApiZodBody(resetPasswordWithLinkBody)
  reset(
    @ValidatedBody(resetPasswordWithLinkBody) body: z.infer<typeof resetPasswordWithLinkBody>,
    @Req() request: FastifyRequest,
  ) {
    return this.bus.send(ACCOUNT_SETTINGS_COMMANDS.reset_password_with_link, {
      ...body,
      client: clientInfoOf(request),
    });
  }
}
