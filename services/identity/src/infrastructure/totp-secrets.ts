import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { authenticator } from 'otplib';
import { PLATFORM_CONTEXT, sessionSigningKey, type PlatformContext } from '@platform/runtime';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../identity.settings';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Authenticator (RFC 6238) secrets: generated, encrypted at rest with AES-256-GCM under a key
 * derived from this environment's signing secret, and checked with one 30-second step of
 * clock drift either side.
 */
@Injectable()
export class TotpSecrets {
  private readonly key: Buffer;
  private readonly totp = authenticator.clone({ window: 1 });

  constructor(
    @Inject(PLATFORM_CONTEXT) context: PlatformContext,
    @Inject(IDENTITY_SETTINGS) settings: IdentitySettings,
  ) {
    const root = sessionSigningKey(context.environment, settings);
    this.key = Buffer.from(hkdfSync('sha256', root, context.environment, 'totp secret v1', 32));
  }

  generate(): string {
    return this.totp.generateSecret();
  }

  /** The otpauth:// URI an authenticator app scans. */
  uri(account_name: string, issuer: string, secret: string): string {
    return this.totp.keyuri(account_name, issuer, secret);
  }

  /**
   * The time step (30-second counter) the code belongs to, when it is right at `now`; null when
   * wrong. Callers accept each step once per member, so an observed code cannot be replayed.
   */
  acceptedStep(code: string, secret: string, now: Date): number | null {
    const at_now = this.totp.clone({ epoch: now.getTime() });
    try {
      const delta = at_now.checkDelta(code, secret);
      if (delta === null) return null;
      return Math.floor(now.getTime() / 1000 / at_now.allOptions().step) + delta;
    } catch {
      return null;
    }
  }

  encrypt(secret: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  decrypt(sealed: Buffer): string {
    const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(0, IV_BYTES));
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}
