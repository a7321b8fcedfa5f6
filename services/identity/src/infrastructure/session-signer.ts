import { Inject, Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import type { SessionClaims } from '@platform/contracts';
import {
  PLATFORM_CONTEXT,
  sessionSigningKey,
  sessionTokenIssuer,
  type PlatformContext,
} from '@platform/runtime';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../identity.settings';
import { ACCESS_TOKEN_TTL_MS } from '../domain/credentials';

@Injectable()
export class SessionSigner {
  private readonly key: Buffer;

  constructor(
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    @Inject(IDENTITY_SETTINGS) settings: IdentitySettings,
  ) {
    this.key = sessionSigningKey(context.environment, settings);
  }

  sign(claims: SessionClaims, now: Date): Promise<{ token: string; expires_at: Date }> {
    const expires_at = new Date(now.getTime() + ACCESS_TOKEN_TTL_MS);
    const issuer = sessionTokenIssuer(this.context.environment);
    // jsonwebtoken, the library passport-jwt verifies with: jose is ESM-only, which this
    // CommonJS build and Jest's registry cannot load.
    const token = jwt.sign(
      {
        ...claims,
        iat: Math.floor(now.getTime() / 1000),
        exp: Math.floor(expires_at.getTime() / 1000),
      },
      this.key,
      { algorithm: 'HS256', issuer, audience: issuer },
    );
    return Promise.resolve({ token, expires_at });
  }
}
