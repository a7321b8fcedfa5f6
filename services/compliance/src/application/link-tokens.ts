import { createHash, randomBytes } from 'node:crypto';

/** A link's capability: 32 random bytes; only its hash is stored. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
