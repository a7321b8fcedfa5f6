import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import {
  confirmPhoneVerificationBody,
  OTP_COMMANDS,
  requestPhoneVerificationBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiReply, ApiZodBody, ValidatedBody } from '../../http';
import { ManagesCredentials, RequireRole } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { sessionActorOf } from './session-actor';

const optionalRequestBody = requestPhoneVerificationBody.optional();

/**
 * Proving the account's phone, so that it may carry OTP codes for actions (spec §7
 * `phone_verification_required`; the spec names no route for it, this is the platform's).
 */
@ApiTags('otp')
@ApiCredentials()
// The phone this proves carries one-time codes: a second factor (decisions D12).
@ManagesCredentials()
@RequireRole('viewer')
@Controller('v1/me/phone/verification')
export class PhoneVerificationController {
  constructor(private readonly bus: BusClient) {}

  @Post()
  @HttpCode(200)
  @ApiReply(OTP_COMMANDS.request_phone_verification)
  @ApiOperation({
    summary: "Send a code to the account's phone to verify it",
    description:
      'Optional body `{channel}`: `sms` (default) or `whatsapp`. Answers `{status: ' +
      'verification_sent, channel, phone (masked), expires_at}`; the code lives 10 minutes and a ' +
      'new request replaces it (not within 30 seconds of the last: 429 `too_many_attempts`). ' +
      'Without a phone on the account 409 `phone_required`; a phone already verified 409 ' +
      '`already_verified`. A phone counts as verified from the confirmation until it is ' +
      'changed; action challenges over `sms` or `whatsapp` need it (409 ' +
      '`phone_verification_required`), except in the 24 hours after the phone was linked, when ' +
      'their code moves to a stronger factor instead. The 24-hour rule does ' +
      'not delay this route: proving the phone ends it.',
  })
  @ApiZodBody(requestPhoneVerificationBody, 'optional body')
  request(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(optionalRequestBody)
    body: z.infer<typeof requestPhoneVerificationBody> | undefined,
  ) {
    return this.bus.send(OTP_COMMANDS.request_phone_verification, {
      actor: sessionActorOf(principal),
      request: body ?? {},
    });
  }

  @Post('confirm')
  @HttpCode(200)
  @ApiReply(OTP_COMMANDS.confirm_phone_verification)
  @ApiOperation({
    summary: 'Confirm the code sent to the phone',
    description:
      '`{code}` (`000000` in the test environment) answers `{status: phone_verified, phone}`. ' +
      'A wrong or expired code is 401 `invalid_code`; the 5th wrong code burns it (429 ' +
      '`too_many_attempts`); with no code pending for the current phone, 409 ' +
      '`challenge_not_pending`.',
  })
  @ApiZodBody(confirmPhoneVerificationBody)
  confirm(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(confirmPhoneVerificationBody) body: z.infer<typeof confirmPhoneVerificationBody>,
  ) {
    return this.bus.send(OTP_COMMANDS.confirm_phone_verification, {
      actor: sessionActorOf(principal),
      code: body.code,
    });
  }
}
