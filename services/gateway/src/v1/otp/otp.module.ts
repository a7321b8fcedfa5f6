import { Module } from '@nestjs/common';
import { OtpPolicyAdminController } from './otp-policy-admin.controller';
import { OtpController } from './otp.controller';
import { TotpController } from './totp.controller';

/** OTP challenges and preferences, the member's authenticator app, and the operator's OTP policy. */
@Module({ controllers: [OtpController, TotpController, OtpPolicyAdminController] })
export class OtpModule {}
