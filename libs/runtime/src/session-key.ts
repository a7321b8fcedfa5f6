import { hkdfSync } from 'node:crypto';
import type { Environment } from '@platform/contracts';
import type { SharedSettings } from './shared.settings';

/**
 * The HS256 key of session access tokens, per environment: identity signs with it, the gateway
 * verifies with it.
 * 1. `JWT_SECRET` when configured (at least 32 characters, checked by its schema).
 * 2. Otherwise derived (HKDF-SHA256) from the environment's `OPERATOR_TOKEN`: the all-in-one
 *    runtime always has one, random and kept per environment in DATA_DIR, so each environment
 *    gets its own secret key with no setup. Rotating the operator token signs everyone out.
 * 3. Otherwise the test environment uses a fixed development key; live refuses to start.
 */
export function sessionSigningKey(
  environment: Environment,
  settings: Pick<SharedSettings, 'JWT_SECRET' | 'OPERATOR_TOKEN'>,
): Buffer {
  const configured = settings.JWT_SECRET;
  if (configured) return Buffer.from(configured, 'utf8');
  const operator_token = settings.OPERATOR_TOKEN;
  if (operator_token) {
    return Buffer.from(
      hkdfSync('sha256', operator_token, environment, 'platform session jwt v1', 32),
    );
  }
  if (environment === 'test') return Buffer.from('test-environment-only-jwt-key-v1', 'utf8');
  throw new Error('JWT_SECRET (or OPERATOR_TOKEN) is required in the live environment');
}

/** Issuer and audience bind a token to one environment, whatever the key. */
export function sessionTokenIssuer(environment: Environment): string {
  return `platform-identity-${environment}`;
}
