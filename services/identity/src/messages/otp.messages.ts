import { Controller } from '@nestjs/common';
import {
  OTP_COMMANDS,
  type CompleteOtpLoginCommand,
  type ConfirmPhoneVerificationCommand,
  type ConfirmTotpCommand,
  type ConsumeOtpTokenCommand,
  type CreateOtpChallengeCommand,
  type EnrollTotpCommand,
  type GetOtpPreferencesCommand,
  type RequestPhoneVerificationCommand,
  type SetOrgOtpPolicyCommand,
  type SetOtpPreferencesCommand,
  type VerifyOtpChallengeCommand,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { OtpChallengesService } from '../application/otp-challenges.service';
import { OtpLoginService } from '../application/otp-login.service';
import { OtpSettingsService } from '../application/otp-settings.service';
import { PhoneVerificationService } from '../application/phone-verification.service';
import { TotpService } from '../application/totp.service';
import { ChangesNothing } from './forget-reads.interceptor';

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

  @Handles(OTP_COMMANDS.create_otp_challenge)
  createChallenge(command: CreateOtpChallengeCommand) {
    return this.challenges.create(command);
  }

  @Handles(OTP_COMMANDS.verify_otp_challenge)
  verifyChallenge(command: VerifyOtpChallengeCommand) {
    return this.challenges.verify(command);
  }

  @Handles(OTP_COMMANDS.consume_otp_token)
  consumeToken(command: ConsumeOtpTokenCommand) {
    return this.challenges.consume(command);
  }

  @Handles(OTP_COMMANDS.get_otp_preferences)
  @ChangesNothing()
  preferences(query: GetOtpPreferencesCommand) {
    return this.settings.preferences(query.account_id, query.org_id);
  }

  @Handles(OTP_COMMANDS.set_otp_preferences)
  setPreferences(command: SetOtpPreferencesCommand) {
    return this.settings.setPreferences(command);
  }

  @Handles(OTP_COMMANDS.set_org_otp_policy)
  setOrgPolicy(command: SetOrgOtpPolicyCommand) {
    return this.settings.setOrgPolicy(command);
  }

  @Handles(OTP_COMMANDS.enroll_totp)
  enrollTotp(command: EnrollTotpCommand) {
    return this.totp.enroll(command);
  }

  @Handles(OTP_COMMANDS.confirm_totp)
  confirmTotp(command: ConfirmTotpCommand) {
    return this.totp.confirm(command);
  }

  @Handles(OTP_COMMANDS.complete_otp_login)
  completeLogin(command: CompleteOtpLoginCommand) {
    return this.otp_login.complete(command);
  }

  @Handles(OTP_COMMANDS.request_phone_verification)
  requestPhoneVerification(command: RequestPhoneVerificationCommand) {
    return this.phone.request(command);
  }

  @Handles(OTP_COMMANDS.confirm_phone_verification)
  confirmPhoneVerification(command: ConfirmPhoneVerificationCommand) {
    return this.phone.confirm(command);
  }
}
