import { randomBytes } from 'node:crypto';
import { DomainError, type Environment } from '@platform/contracts';

export const API_KEY_LABEL_MAX_CHARS = 60;
const KEY_ID = /^[0-9a-f]{16}$/;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** Spec §1: test accepts only `pk_test_` keys, live only `pk_` ones. */
export function apiKeyPrefix(environment: Environment): 'pk_test_' | 'pk_' {
  switch (environment) {
    case 'test':
      return 'pk_test_';
    case 'live':
      return 'pk_';
    default: {
      const unhandled: never = environment;
      throw new Error(`unknown environment ${String(unhandled)}`);
    }
  }
}

export interface NewApiKey {
  key_id: string;
  secret: string;
  token: string;
}

export function newApiKey(environment: Environment): NewApiKey {
  const key_id = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { key_id, secret, token: `${apiKeyPrefix(environment)}${key_id}.${secret}` };
}

/** The key id and secret of a token of this environment; null for anything else. */
export function parseApiKeyToken(
  environment: Environment,
  token: string,
): { key_id: string; secret: string } | null {
  const prefix = apiKeyPrefix(environment);
  if (!token.startsWith(prefix)) return null;
  const [key_id, secret, extra] = token.slice(prefix.length).split('.');
  if (extra !== undefined || !key_id || !secret) return null;
  return KEY_ID.test(key_id) && SECRET.test(secret) ? { key_id, secret } : null;
}

export function parseApiKeyLabel(label: string | undefined): string {
  const trimmed = label?.trim() ?? '';
  if (trimmed.length === 0 || trimmed.length > API_KEY_LABEL_MAX_CHARS)
    throw new DomainError(
      'invalid_label',
      `label must have 1 to ${API_KEY_LABEL_MAX_CHARS} characters`,
    );
  return trimmed;
}
