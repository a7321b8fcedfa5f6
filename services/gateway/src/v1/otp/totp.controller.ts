import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { confirmTotpBody, enrollTotpBody, OTP_COMMANDS } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiReply, ApiZodBody, ValidatedBody } from '../../http';
import { ManagesCredentials, RequireRole } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { sessionActorOf } from './session-actor';

/** The body is optional: a member without a password may send none. */
const optionalEnrollBody = enrollTotpBody.optional();

/** The signed-in member's authenticator app (spec §4 `POST /v1/me/totp/enroll`). */
@ApiTags('otp')
@ApiCredentials()
@ManagesCredentials()
@Controller('v1/me/totp')
export class TotpController {
  constructor(private readonly bus: BusClient) {}

  @Post('enroll')
  @RequireRole('viewer')
  @HttpCode(201)
  @ApiReply(OTP_COMMANDS.enroll_totp, 201)
  @ApiOperation({
    summary: 'Start authenticator-app enrollment',
    description:
      'Answers `{secret, otpauth_uri, status: pending_confirmation}` once; the secret is stored ' +
      'encrypted and never shown again. `current_password` is required when the member has a ' +
      'password (400 `invalid_request` when missing, 401 `invalid_credentials` when wrong). ' +
      'Confirm with `POST /v1/me/totp/confirm`; until then a previously confirmed authenticator ' +
      'keeps working.',
  })
  @ApiZodBody(enrollTotpBody, 'optional body')
  enroll(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(optionalEnrollBody) body: z.infer<typeof enrollTotpBody> | undefined,
  ) {
    return this.bus.send(OTP_COMMANDS.enroll_totp, {
      actor: sessionActorOf(principal),
      request: body ?? {},
    });
  }

  @Post('confirm')
  @RequireRole('viewer')
  @HttpCode(200)
  @ApiReply(OTP_COMMANDS.confirm_totp)
  @ApiOperation({
    summary: 'Confirm authenticator-app enrollment with its current code',
    description:
      '`{code}` from the app; answers `{status: confirmed}`. 409 `totp_not_started` without a ' +
      'pending enrollment, 401 `invalid_code` for a wrong code.',
  })
  @ApiZodBody(confirmTotpBody)
  confirm(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(confirmTotpBody) body: z.infer<typeof confirmTotpBody>,
  ) {
    return this.bus.send(OTP_COMMANDS.confirm_totp, {
      actor: sessionActorOf(principal),
      code: body.code,
    });
  }
}
