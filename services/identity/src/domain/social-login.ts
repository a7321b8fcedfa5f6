import {
  ACCOUNT_TYPES,
  DomainError,
  SOCIAL_PROVIDERS,
  type AccountType,
  type SocialProvider,
} from '@platform/contracts';
import { MAX_DISPLAY_NAME_CHARS } from './account';

/**
 * Stored as the password hash of a member who signed up without a password (social login,
 * environment handoff). It is no argon2 hash, so no password ever matches it; the member can
 * set one later through password recovery.
 */
export const NO_PASSWORD_HASH = '!no-password';

export function hasPassword(password_hash: string): boolean {
  return password_hash !== NO_PASSWORD_HASH;
}

export function parseSocialProvider(value: string): SocialProvider {
  if ((SOCIAL_PROVIDERS as readonly string[]).includes(value)) return value as SocialProvider;
  throw new DomainError(
    'invalid_provider',
    `provider must be one of ${SOCIAL_PROVIDERS.join(', ')}`,
  );
}

/** Where a provider's signing keys come from: a JWKS address or the key set itself. */
export type JwksSource =
  { kind: 'url'; url: string } | { kind: 'inline'; jwks: { keys: unknown[] } };

/** What an ID token of a provider must satisfy. */
export interface ProviderConfig {
  provider: SocialProvider;
  jwks: JwksSource;
  /** Accepted `aud` values: the client ids registered with the provider. */
  audiences: string[];
  /** Accepted `iss` values; empty accepts any (Microsoft's multi-tenant issuer varies). */
  issuers: string[];
}

/** The providers' published key sets and issuers, used unless settings name others. */
const PROVIDER_DEFAULTS: Record<SocialProvider, { jwks_url: string; issuers: string[] }> = {
  google: {
    jwks_url: 'https://www.googleapis.com/oauth2/v3/certs',
    issuers: ['https://accounts.google.com', 'accounts.google.com'],
  },
  apple: {
    jwks_url: 'https://appleid.apple.com/auth/keys',
    issuers: ['https://appleid.apple.com'],
  },
  microsoft: {
    jwks_url: 'https://login.microsoftonline.com/common/discovery/v2.0/keys',
    issuers: [],
  },
  facebook: {
    jwks_url: 'https://www.facebook.com/.well-known/oauth/openid/jwks/',
    issuers: ['https://www.facebook.com', 'https://facebook.com'],
  },
};

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function jwksSourceOf(
  value: string | undefined,
  fallback_url: string,
  setting: string,
): JwksSource {
  const text = value?.trim() ?? '';
  if (text === '') return { kind: 'url', url: fallback_url };
  if (!text.startsWith('{')) return { kind: 'url', url: text };
  const parsed: unknown = JSON.parse(text);
  const keys = (parsed as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) throw new Error(`${setting} must be a URL or a JWKS {"keys": [...]}`);
  return { kind: 'inline', jwks: { keys } };
}

/**
 * A provider's configuration from settings `SOCIAL_<PROVIDER>_AUDIENCE` (comma-separated
 * client ids, required), `SOCIAL_<PROVIDER>_JWKS` (a URL or an inline JWKS JSON; default the
 * provider's published keys) and `SOCIAL_<PROVIDER>_ISSUER` (comma-separated; default the
 * provider's). Null when no audience is configured: nobody registered a client there.
 */
export function providerConfigOf(
  provider: SocialProvider,
  settings: Readonly<{ [name: `SOCIAL_${string}`]: string | undefined }>,
): ProviderConfig | null {
  const prefix = `SOCIAL_${provider.toUpperCase()}` as const;
  const audiences = list(settings[`${prefix}_AUDIENCE`]);
  if (audiences.length === 0) return null;
  const defaults = PROVIDER_DEFAULTS[provider];
  const issuers = list(settings[`${prefix}_ISSUER`]);
  return {
    provider,
    jwks: jwksSourceOf(settings[`${prefix}_JWKS`], defaults.jwks_url, `${prefix}_JWKS`),
    audiences,
    issuers: issuers.length > 0 ? issuers : defaults.issuers,
  };
}

/** What the platform reads out of a verified ID token. */
export interface SocialIdentity {
  provider: SocialProvider;
  subject: string;
  /** Lower-cased; null when the provider gave none or did not verify it. */
  verified_email: string | null;
  name: string | null;
}

function claimIsTrue(value: unknown): boolean {
  // Apple sends the boolean claims as strings.
  return value === true || value === 'true';
}

/**
 * The identity in verified claims. An email counts only when the provider vouches for it
 * (`email_verified`); Facebook sends no such claim and only releases confirmed emails.
 */
export function identityOfClaims(
  provider: SocialProvider,
  claims: Readonly<Record<string, unknown>>,
): SocialIdentity {
  const subject = claims.sub;
  if (typeof subject !== 'string' || subject === '')
    throw new DomainError('invalid_credential', 'the identity token names no subject');
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  const vouched =
    provider === 'facebook' && claims.email_verified === undefined
      ? true
      : claimIsTrue(claims.email_verified);
  const name =
    typeof claims.name === 'string' && claims.name.trim() !== '' ? claims.name.trim() : null;
  return { provider, subject, verified_email: email !== '' && vouched ? email : null, name };
}

/** How a member can sign in today. */
export interface LoginMethods {
  has_password: boolean;
  social_identities: number;
  passkeys: number;
}

export function loginMethodCount(methods: LoginMethods): number {
  return (methods.has_password ? 1 : 0) + methods.social_identities + methods.passkeys;
}

/** Removing one method may not leave the member with no way to sign in (spec §7). */
export function assertNotLastLoginMethod(methods: LoginMethods): void {
  if (loginMethodCount(methods) <= 1)
    throw new DomainError(
      'last_login_method',
      'this is the only way left to sign in; add another before removing it',
    );
}

/** The account a passwordless sign-up creates. */
export interface PasswordlessSignUp {
  type: AccountType;
  display_name: string;
}

/**
 * The account of a sign-up without a password: `type` defaults to person; the display name is
 * the one given, else the provider's name, else the email's local part.
 */
export function decidePasswordlessSignUp(
  request: { type?: string | undefined; display_name?: string | undefined },
  fallback_name: string,
): PasswordlessSignUp {
  const type = request.type ?? 'person';
  if (!(ACCOUNT_TYPES as readonly string[]).includes(type))
    throw new DomainError('invalid_type', 'type must be person or company');
  const display_name = (request.display_name ?? fallback_name).trim();
  if (display_name.length === 0 || display_name.length > MAX_DISPLAY_NAME_CHARS)
    throw new DomainError(
      'invalid_display_name',
      `display_name must have 1 to ${MAX_DISPLAY_NAME_CHARS} characters`,
    );
  return { type: type as AccountType, display_name };
}

/** The name a social sign-up falls back to. */
export function fallbackNameOf(identity: SocialIdentity): string {
  return identity.name ?? identity.verified_email?.split('@')[0] ?? '';
}
