import { DomainError } from '@platform/contracts';
import {
  assertNotLastLoginMethod,
  decidePasswordlessSignUp,
  fallbackNameOf,
  hasPassword,
  identityOfClaims,
  NO_PASSWORD_HASH,
  parseSocialProvider,
  providerConfigOf,
} from './social-login';

function codeOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('social providers', () => {
  it('knows the four providers of spec §5 and refuses others with invalid_provider', () => {
    expect(parseSocialProvider('apple')).toBe('apple');
    expect(codeOf(() => parseSocialProvider('github'))).toBe('invalid_provider');
    expect(codeOf(() => parseSocialProvider('Google'))).toBe('invalid_provider');
  });

  it('is not configured without an audience, and defaults the published keys and issuer', () => {
    expect(providerConfigOf('google', { SOCIAL_GOOGLE_JWKS: 'https://keys.example' })).toBeNull();
    expect(providerConfigOf('google', { SOCIAL_GOOGLE_AUDIENCE: 'client-1, client-2' })).toEqual({
      provider: 'google',
      jwks: { kind: 'url', url: 'https://www.googleapis.com/oauth2/v3/certs' },
      audiences: ['client-1', 'client-2'],
      issuers: ['https://accounts.google.com', 'accounts.google.com'],
    });
  });

  it('takes an inline key set and a configured issuer', () => {
    const config = providerConfigOf('microsoft', {
      SOCIAL_MICROSOFT_AUDIENCE: 'app',
      SOCIAL_MICROSOFT_JWKS: '{"keys":[{"kty":"EC"}]}',
      SOCIAL_MICROSOFT_ISSUER: 'https://issuer.example',
    });
    expect(config).toMatchObject({
      jwks: { kind: 'inline', jwks: { keys: [{ kty: 'EC' }] } },
      issuers: ['https://issuer.example'],
    });
    expect(() =>
      providerConfigOf('apple', { SOCIAL_APPLE_AUDIENCE: 'a', SOCIAL_APPLE_JWKS: '{"nokeys":1}' }),
    ).toThrow(/JWKS/);
  });
});

describe('identity of verified claims', () => {
  it('keeps an email only when the provider verified it', () => {
    expect(
      identityOfClaims('google', { sub: 's1', email: 'Ada@Example.com', email_verified: true }),
    ).toEqual({ provider: 'google', subject: 's1', verified_email: 'ada@example.com', name: null });
    expect(
      identityOfClaims('apple', { sub: 's2', email: 'a@x.io', email_verified: 'true' })
        .verified_email,
    ).toBe('a@x.io');
    expect(
      identityOfClaims('google', { sub: 's3', email: 'a@x.io', email_verified: false })
        .verified_email,
    ).toBeNull();
    expect(identityOfClaims('microsoft', { sub: 's4', email: 'a@x.io' }).verified_email).toBeNull();
    expect(identityOfClaims('facebook', { sub: 's5', email: 'a@x.io' }).verified_email).toBe(
      'a@x.io',
    );
  });

  it('needs a subject', () => {
    expect(codeOf(() => identityOfClaims('google', { email: 'a@x.io' }))).toBe(
      'invalid_credential',
    );
  });
});

describe('passwordless sign-up', () => {
  const identity = identityOfClaims('google', {
    sub: 's',
    email: 'grace@example.com',
    email_verified: true,
  });

  it('defaults to a person named after the token, else the email', () => {
    expect(fallbackNameOf(identity)).toBe('grace');
    expect(fallbackNameOf({ ...identity, name: 'Grace Hopper' })).toBe('Grace Hopper');
    expect(decidePasswordlessSignUp({}, 'grace')).toEqual({
      type: 'person',
      display_name: 'grace',
    });
    expect(decidePasswordlessSignUp({ type: 'company', display_name: ' Acme ' }, 'x')).toEqual({
      type: 'company',
      display_name: 'Acme',
    });
  });

  it('answers invalid_type and invalid_display_name like registration', () => {
    expect(codeOf(() => decidePasswordlessSignUp({ type: 'robot' }, 'x'))).toBe('invalid_type');
    expect(codeOf(() => decidePasswordlessSignUp({ display_name: '  ' }, 'x'))).toBe(
      'invalid_display_name',
    );
  });
});

describe('login methods', () => {
  it('never lets the last way to sign in go', () => {
    expect(hasPassword(NO_PASSWORD_HASH)).toBe(false);
    expect(hasPassword('$argon2id$v=19$...')).toBe(true);
    expect(
      codeOf(() =>
        assertNotLastLoginMethod({ has_password: false, social_identities: 1, passkeys: 0 }),
      ),
    ).toBe('last_login_method');
    expect(() =>
      assertNotLastLoginMethod({ has_password: false, social_identities: 1, passkeys: 1 }),
    ).not.toThrow();
    expect(() =>
      assertNotLastLoginMethod({ has_password: true, social_identities: 1, passkeys: 0 }),
    ).not.toThrow();
  });
});
