import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ApiKeyVerifier } from './api-key.verifier';
import { CredentialsGuard } from './credentials.guard';
import { RoleGuard } from './role.guard';
import { OtpGuard } from './otp.guard';
import { SessionJwtVerifier } from './session-jwt.verifier';

/** Authentication of the public API: the global credential guard and its verifiers. */
@Module({
  providers: [
    SessionJwtVerifier,
    ApiKeyVerifier,
    { provide: APP_GUARD, useClass: CredentialsGuard },
    // After the credentials (it reads the principal), before anything that asks for an OTP.
    { provide: APP_GUARD, useClass: RoleGuard },
    // After the credential guard (it reads the principal); Nest runs APP_GUARDs in this order.
    { provide: APP_GUARD, useClass: OtpGuard },
  ],
})
export class AuthModule {}
