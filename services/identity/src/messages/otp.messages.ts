import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  completeOtpLoginCommand,
  confirmPhoneVerificationCommand,
  confirmTotpCommand,
  consumeOtpTokenCommand,
  createOtpChallengeCommand,
  enrollTotpCommand,
  getOtpPreferencesCommand,
  OTP_COMMANDS,
  parseCommand,
  requestPhoneVerificationCommand,
  setOrgOtpPolicyCommand,
  setOtpPreferencesCommand,
  verifyOtpChallengeCommand,
} from '@platform/contracts';
import { OtpChallengesService } from '../application/otp-challenges.service';
import { OtpLoginService } from '../application/otp-login.service';
import { OtpSettingsService } from '../application/otp-settings.service';
import { PhoneVerificationService } from '../application/phone-verification.service';
import { TotpService } from '../application/totp.service';

/**
 * Identity's door for one-time codes: challenges, tokens, preferences, TOTP, OTP login and
 * phone verification.
 */
@Controller()
export class OtpMessages {
  constructor(
    private readonly challenges: OtpChallengesService,
    private readonly settings: OtpSettingsService,
    private readonly totp: TotpService,
    private readonly otp_login: OtpLoginService,
    private readonly phone: PhoneVerificationService,
  ) {}

  @MessagePattern(OTP_COMMANDS.create_otp_challenge)
  createChallenge(@Payload() payload: unknown) {
    return this.challenges.create(parseCommand(createOtpChallengeCommand, payload));
  }

  @MessagePattern(OTP_COMMANDS.verify_otp_challenge)
  verifyChallenge(@Payload() payload: unknown) {
    return this.challenges.verify(parseCommand(verifyOtpChallengeCommand, payload));
  }

  @MessagePattern(OTP_COMMANDS.consume_otp_token)
  consumeToken(@Payload() payload: unknown) {
    return this.challenges.consume(parseCommand(consumeOtpTokenCommand, payload));
  }

  @MessagePattern(OTP_COMMANDS.get_otp_preferences)
  preferences(@Payload() payload: unknown) {
    const request = parseCommand(getOtpPreferencesCommand, payload);
    return this.settings.preferences(request.account_id, request.org_id);
  }

  @MessagePattern(OTP_COMMANDS.set_otp_preferences)
  setPreferences(@Payload() payload: unknown) {
    return this.settings.setPreferences(parseCommand(setOtpPreferencesCommand, payload));
  }

  @MessagePattern(OTP_COMMANDS.set_org_otp_policy)
  setOrgPolicy(@Payload() payload: unknown) {
    return this.settings.setOrgPolicy(parseCommand(setOrgOtpPolicyCommand, payload));
  }

  @MessagePattern(OTP_COMMANDS.enroll_totp)
  enrollTotp(@Payload() payload: unknown) {
    return this.totp.enroll(parseCommand(enrollTotpCommand, payload));
  }

  @MessagePattern(OTP_COMMANDS.confirm_totp)
  confirmTotp(@Payload() payload: unknown) {
    return this.totp.confirm(parseCommand(confirmTotpCommand, payload));
  }

  @MessagePattern(OTP_COMMANDS.complete_otp_login)
  completeLogin(@Payload() payload: unknown) {
    return this.otp_login.complete(parseCommand(completeOtpLoginCommand, payload));
  }

  @MessagePattern(OTP_COMMANDS.request_phone_verification)
  requestPhoneVerification(@Payload() payload: unknown) {
    return this.phone.request(parseCommand(requestPhoneVerificationCommand, payload));
  }

  @MessagePattern(OTP_COMMANDS.confirm_phone_verification)
  confirmPhoneVerification(@Payload() payload: unknown) {
    return this.phone.confirm(parseCommand(confirmPhoneVerificationCommand, payload));
  }
}
