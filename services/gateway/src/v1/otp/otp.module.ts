import { Module } from '@nestjs/common';
import { OtpPolicyAdminController } from './otp-policy-admin.controller';
import { OtpController } from './otp.controller';
import { PhoneVerificationController } from './phone-verification.controller';
import { TotpController } from './totp.controller';

/**
 * OTP challenges and preferences, the member's authenticator app, phone verification, and the
 * operator's OTP policy.
 */
@Module({
  controllers: [
    OtpController,
    TotpController,
    PhoneVerificationController,
    OtpPolicyAdminController,
  ],
})
export class OtpModule {}
