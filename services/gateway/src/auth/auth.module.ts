import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ApiKeyVerifier } from './api-key.verifier';
import { CredentialsGuard } from './credentials.guard';
import { SessionJwtVerifier } from './session-jwt.verifier';

/** Authentication of the public API: the global credential guard and its verifiers. */
@Module({
  providers: [
    SessionJwtVerifier,
    ApiKeyVerifier,
    { provide: APP_GUARD, useClass: CredentialsGuard },
  ],
})
export class AuthModule {}
