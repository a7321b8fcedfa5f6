import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Lifetimes and limits of spec §8. */
export const ACCESS_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_TTL_MS = 90 * 24 * 60 * 60 * 1000;
export const LOGIN_FAILURE_LIMIT = 8;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const VERIFICATION_CODE_TTL_MS = 30 * 60 * 1000;
/** Wrong codes before a verification code is burnt; a new registration sends a new one. */
export const VERIFICATION_CODE_MAX_FAILURES = 8;
export const PASSWORD_RESET_CODE_TTL_MS = 15 * 60 * 1000;
export const PASSWORD_RESET_SENDS_PER_HOUR = 5;
export const PASSWORD_RESET_FAILURE_LIMIT = 8;
export const PASSWORD_RESET_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** D3: the sandbox accepts this code wherever a one-time code is asked. */
export const TEST_MAGIC_CODE = '000000';
export const REFRESH_TOKEN_PREFIX = 'rt_';

export function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Constant-time equality of two secrets of any length (compared through their digests). */
export function secretsEqual(presented: string, expected: string): boolean {
  return timingSafeEqual(sha256(presented), sha256(expected));
}

export function newVerificationCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export function newRefreshToken(): string {
  return `${REFRESH_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** A new refresh token lives 30 days, never past the session's 90-day cap. */
export function refreshExpiry(now: Date, session_absolute_expires_at: Date): Date {
  return new Date(
    Math.min(now.getTime() + REFRESH_TOKEN_TTL_MS, session_absolute_expires_at.getTime()),
  );
}
