import { DomainError } from '@platform/contracts';

export const MIN_PASSWORD_CHARS = 8;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Emails are compared lower-cased (decisions D7); nothing else is normalized. */
export function normalizeEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  if (!EMAIL.test(normalized) || normalized.length > 254) {
    throw new DomainError('invalid_email', 'email must be a valid address');
  }
  return normalized;
}

export function assertPasswordStrength(password: string): void {
  if (password.length < MIN_PASSWORD_CHARS) {
    throw new DomainError(
      'weak_password',
      `password must have at least ${MIN_PASSWORD_CHARS} characters`,
    );
  }
}
