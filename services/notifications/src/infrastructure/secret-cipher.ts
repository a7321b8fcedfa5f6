import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Environment } from '@platform/contracts';
import type { NotificationsSettings } from '../notifications.settings';

/** A webhook secret at rest: AES-256-GCM, a fresh 12-byte nonce each time. */
export interface SealedSecret {
  ciphertext: Buffer;
  nonce: Buffer;
  auth_tag: Buffer;
}

/**
 * The key that seals webhook secrets, per environment:
 * 1. `WEBHOOK_SECRET_KEY` when configured (at least 32 characters, checked by its schema;
 *    HKDF-derived to 32 bytes).
 * 2. Otherwise derived (HKDF-SHA256) from the environment's `OPERATOR_TOKEN`, which the
 *    all-in-one runtime always has (random, kept in DATA_DIR). Rotating that token then makes
 *    stored secrets unreadable: configure WEBHOOK_SECRET_KEY before rotating it.
 * 3. Otherwise derived from `JWT_SECRET` (the distributed runtime configures it for identity),
 *    under its own HKDF label, so the two keys stay independent.
 * 4. Otherwise a fixed development key in the test environment; live refuses to start.
 */
export function webhookSecretKey(
  environment: Environment,
  settings: Pick<NotificationsSettings, 'WEBHOOK_SECRET_KEY' | 'OPERATOR_TOKEN' | 'JWT_SECRET'>,
): Buffer {
  const configured = settings.WEBHOOK_SECRET_KEY;
  if (configured) return derive(configured, environment);
  const operator_token = settings.OPERATOR_TOKEN;
  if (operator_token) return derive(operator_token, environment);
  if (settings.JWT_SECRET) return derive(settings.JWT_SECRET, environment);
  if (environment === 'test') return derive('test-environment-only-webhook-key', environment);
  throw new Error(
    'WEBHOOK_SECRET_KEY (or OPERATOR_TOKEN, or JWT_SECRET) is required in the live environment',
  );
}

function derive(material: string, environment: Environment): Buffer {
  return Buffer.from(hkdfSync('sha256', material, environment, 'platform webhook secrets v1', 32));
}

export class SecretCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the webhook secret key must be 32 bytes');
  }

  seal(secret: string): SealedSecret {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return { ciphertext, nonce, auth_tag: cipher.getAuthTag() };
  }

  open(sealed: SealedSecret): string {
    const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.nonce);
    decipher.setAuthTag(sealed.auth_tag);
    return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]).toString('utf8');
  }
}
