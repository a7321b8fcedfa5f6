import { Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import {
  createOtpChallengeBody,
  OTP_ACTIONS,
  OTP_COMMANDS,
  setOtpPreferencesBody,
  verifyOtpChallengeBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiReply, ApiZodBody, ValidatedBody } from '../../http';
import { ManagesCredentials, RequireOtp, RequireRole } from '../../auth/access.decorators';
import { actorOf, CurrentPrincipal, type Principal } from '../../auth/principal';
import { sessionActorOf } from './session-actor';

const CHANNEL_ORDER_NOTE =
  'Channel strength, weakest first: sms < whatsapp < email < totp. The organization floor ' +
  'forbids weaker channels (`channel_locked_by_org` for an explicit one).';

const PHONE_CHANNEL_NOTE =
  'A phone channel (`sms`, `whatsapp`), asked or resolved, needs a phone on the account (409 ' +
  '`phone_required`; OTP login and preferences name the same lack `otp_phone_missing`) that has ' +
  'been verified (409 `phone_verification_required`; see `POST /v1/me/phone/verification`). In ' +
  'the 24 hours after a phone is linked and before it is verified, its code ' +
  'goes over a stronger factor instead: the authenticator app, then email (when the preferences ' +
  'allow email), as the answer `channel` shows; with neither, 403 `phone_binding_cooldown`. An ' +
  'organization that turned OTP off answers 409 `otp_disabled_for_org`.';

/** OTP for sensitive actions (spec §5 rule 6, decisions D4, D7). */
@ApiTags('otp')
@ApiCredentials()
@Controller('v1/otp')
export class OtpController {
  constructor(private readonly bus: BusClient) {}

  @Post('challenges')
  // A second factor proves a person: API keys, exempt from OTP, have none to prove.
  @ManagesCredentials()
  @RequireRole('viewer')
  @HttpCode(201)
  @ApiReply(OTP_COMMANDS.create_otp_challenge, 201)
  @ApiOperation({
    summary: 'Start an OTP challenge for an action',
    description:
      `\`action\` is one of ${OTP_ACTIONS.join(', ')} (else \`invalid_action\`). Without ` +
      '`channel`, the first usable channel of the account preferences (default order totp, sms, ' +
      'whatsapp, email) is used. `phone` holds the masked destination: a phone, an email, or ' +
      '`authenticator_app`. Codes expire after 5 minutes; at most 10 challenges per member per ' +
      `15 minutes (\`too_many_attempts\`). ${CHANNEL_ORDER_NOTE} ` +
      PHONE_CHANNEL_NOTE,
  })
  @ApiZodBody(createOtpChallengeBody)
  create(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(createOtpChallengeBody) body: z.infer<typeof createOtpChallengeBody>,
  ) {
    return this.bus.send(OTP_COMMANDS.create_otp_challenge, {
      actor: { ...actorOf(principal), org_id: principal.org_id },
      request: body,
    });
  }

  @Post('challenges/:id/verify')
  @ManagesCredentials()
  @RequireRole('viewer')
  @HttpCode(200)
  @ApiReply(OTP_COMMANDS.verify_otp_challenge)
  @ApiOperation({
    summary: 'Verify a challenge and get a token for X-OTP-Token',
    description:
      'Answers `{otp_token, action, expires_at}`: the token is valid 5 minutes, once, for the ' +
      'same member and action. A wrong or expired code is 401 `invalid_code`; the 5th wrong code ' +
      'burns the challenge (429 `too_many_attempts`); a verified or burnt challenge is 409 ' +
      '`challenge_not_pending`. `000000` is accepted in the test environment.',
  })
  @ApiZodBody(verifyOtpChallengeBody)
  verify(
    @CurrentPrincipal() principal: Principal,
    @Param('id') challenge_id: string,
    @ValidatedBody(verifyOtpChallengeBody) body: z.infer<typeof verifyOtpChallengeBody>,
  ) {
    return this.bus.send(OTP_COMMANDS.verify_otp_challenge, {
      actor: sessionActorOf(principal),
      challenge_id,
      code: body.code,
    });
  }

  @Get('preferences')
  @ApiReply(OTP_COMMANDS.get_otp_preferences)
  @ApiOperation({
    summary: 'The account OTP channels and the organization policy',
    description:
      'Answers `{channels, channel_floor, required_actions, login_otp_required, otp_enabled}`; ' +
      'with no stored preference, `channels` is the default order. `otp_enabled` is false when ' +
      'the organization turned one-time codes off (no code is then asked anywhere). Account ' +
      'data: API keys may read it; changing it is a person’s (`PUT`).',
  })
  preferences(@CurrentPrincipal() principal: Principal) {
    return this.bus.send(OTP_COMMANDS.get_otp_preferences, {
      account_id: principal.account_id,
      org_id: principal.org_id,
    });
  }

  @Put('preferences')
  @ApiReply(OTP_COMMANDS.set_otp_preferences)
  @ManagesCredentials()
  @RequireRole('owner')
  @RequireOtp('otp.preferences')
  @ApiHeader({ name: 'X-OTP-Token', required: false, description: 'when the policy asks' })
  @ApiOperation({
    summary: 'Set the account OTP channels, preferred first (owners only)',
    description:
      '`{channels: [...]}` of sms, whatsapp, email, totp, distinct and non-empty. Each must be ' +
      'usable now (`otp_phone_missing` without a phone, `totp_not_started` without a confirmed ' +
      'authenticator) and not weaker than the organization floor (`channel_locked_by_org`); a ' +
      'phone not verified yet may be listed (challenges then need it verified). An organization ' +
      'that turned OTP off answers 409 `otp_disabled_for_org`. ' +
      'The first usable one carries codes when a challenge names no channel; at login a phone ' +
      'linked under 24 hours ago falls back to totp, then email when listed. Owners only (403 ' +
      '`owner_required`). ' +
      CHANNEL_ORDER_NOTE,
  })
  @ApiZodBody(setOtpPreferencesBody)
  setPreferences(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(setOtpPreferencesBody) body: z.infer<typeof setOtpPreferencesBody>,
  ) {
    return this.bus.send(OTP_COMMANDS.set_otp_preferences, {
      actor: sessionActorOf(principal),
      role: principal.role,
      preferences: body,
    });
  }
}
