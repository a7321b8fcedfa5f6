import type { CryptoKey, JWTPayload } from 'jose' with { 'resolution-mode': 'import' };
import { SoftwareAuthenticator, type CreationOptionsJSON } from '@platform/testing';
import { startPlatform, type E2ePlatform } from '../harness';
import { identityClient, json, type IdentityClient } from '../clients';

interface Session {
  access_token: string;
  refresh_token: string;
  account_id: string;
  role: string;
}

const GOOGLE_AUDIENCE = 'google-client-id';
const GOOGLE_ISSUER = 'https://accounts.google.com';
const ORIGIN = 'http://localhost:8080';

describe('identity: social login', () => {
  let platform: E2ePlatform;
  let client: IdentityClient;
  let signing_key: CryptoKey;
  let stranger_key: CryptoKey;
  let counter = 0;
  // jose ships as an ES module only: loaded, not required.
  let jose: typeof import('jose', { with: { 'resolution-mode': 'import' } });

  beforeAll(async () => {
    jose = await import('jose');
    const { exportJWK, generateKeyPair } = jose;
    const provider = await generateKeyPair('ES256', { extractable: true });
    signing_key = provider.privateKey;
    stranger_key = (await generateKeyPair('ES256')).privateKey;
    const jwks = JSON.stringify({
      keys: [{ ...(await exportJWK(provider.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' }],
    });
    platform = await startPlatform({
      label: 'social',
      settings: {
        SOCIAL_GOOGLE_AUDIENCE: GOOGLE_AUDIENCE,
        SOCIAL_GOOGLE_JWKS: jwks,
        SOCIAL_APPLE_AUDIENCE: 'apple-service-id',
        SOCIAL_APPLE_JWKS: jwks,
        PASSKEY_ORIGINS: ORIGIN,
      },
    });
    client = identityClient(platform.environments.test);
  });
  afterAll(async () => platform.close());

  const unique = (label: string) => `${label}-${Date.now()}-${++counter}`;

  const idToken = (
    claims: JWTPayload,
    options: { key?: CryptoKey; audience?: string; issuer?: string; expires?: string } = {},
  ) =>
    new jose.SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuer(options.issuer ?? GOOGLE_ISSUER)
      .setAudience(options.audience ?? GOOGLE_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(options.expires ?? '5m')
      .sign(options.key ?? signing_key);

  const googleToken = (sub: string, email: string | undefined, extra: JWTPayload = {}) =>
    idToken({ sub, ...(email ? { email, email_verified: true } : {}), ...extra });

  const call = (method: string, route: string, body?: unknown, token?: string) =>
    client.request(method, route, { body, token });

  const social = (provider: string, body: Record<string, unknown>) =>
    call('POST', `/v1/auth/social/${provider}`, { org: 'demo', ...body });

  const errorOf = async (response: Response, status: number) =>
    (await json<{ error: string; message: string }>(response, status)).error;

  it('signs up an unknown verified email, then signs the same identity in', async () => {
    const sub = unique('sub');
    const email = `${unique('grace')}@Example.com`;
    const token = await googleToken(sub, email, { name: 'Grace Hopper' });
    const first = await json<Session>(await social('google', { id_token: token }), 200);
    expect(first).toMatchObject({ role: 'owner', refresh_token: expect.stringMatching(/^rt_/) });
    const me = await json(await call('GET', '/v1/me', undefined, first.access_token), 200);
    expect(me).toMatchObject({
      id: first.account_id,
      email: email.toLowerCase(),
      display_name: 'Grace Hopper',
      type: 'person',
      status: 'active',
      kyc_status: 'approved',
    });

    // The identity is the key: a changed email at the provider still reaches the account.
    const again = await googleToken(sub, `${unique('renamed')}@example.com`);
    const second = await json<Session>(await social('google', { id_token: again }), 200);
    expect(second.account_id).toBe(first.account_id);
    const identities = await call('GET', '/v1/me/identities', undefined, second.access_token);
    expect(await json(identities, 200)).toEqual({
      identities: [
        { provider: 'google', email: email.toLowerCase(), created_at: expect.any(String) },
      ],
    });
    // Passwordless: no password signs in to it.
    const login = await call('POST', '/v1/auth/login', {
      org: 'demo',
      email: email.toLowerCase(),
      password: '!no-password',
    });
    expect(await errorOf(login, 401)).toBe('invalid_credentials');
  });

  it('takes the sign-up type and display name from the body', async () => {
    const token = await googleToken(unique('sub'), `${unique('acme')}@example.com`);
    const session = await json<Session>(
      await social('google', { id_token: token, type: 'company', display_name: 'Acme Inc' }),
      200,
    );
    const me = await json(await call('GET', '/v1/me', undefined, session.access_token), 200);
    expect(me).toMatchObject({ type: 'company', display_name: 'Acme Inc' });
    const bad_type = await googleToken(unique('sub'), `${unique('robot')}@example.com`);
    expect(await errorOf(await social('google', { id_token: bad_type, type: 'robot' }), 400)).toBe(
      'invalid_type',
    );
  });

  it('answers email_conflict for an existing account and signs in once its owner links the provider', async () => {
    const email = `${unique('ada')}@example.com`;
    const confirmed = await client.registerAndConfirm(email, {
      display_name: 'Ada',
      country: undefined,
    });
    const owner = { access_token: confirmed.access_token, account: confirmed.account! };

    const sub = unique('sub');
    const token = await googleToken(sub, email);
    expect(await errorOf(await social('google', { id_token: token }), 409)).toBe('email_conflict');

    const link = await call(
      'POST',
      '/v1/me/identities/google',
      { id_token: token },
      owner.access_token,
    );
    expect(await json(link, 200)).toEqual({ provider: 'google', email });
    const session = await json<Session>(await social('google', { id_token: token }), 200);
    expect(session.account_id).toBe(owner.account.id);

    // That identity now belongs to this account: nobody else links it.
    const other = await json<Session>(
      await social('google', {
        id_token: await googleToken(unique('sub'), `${unique('o')}@example.com`),
      }),
      200,
    );
    const taken = await call(
      'POST',
      '/v1/me/identities/google',
      { id_token: token },
      other.access_token,
    );
    expect(await errorOf(taken, 409)).toBe('identity_taken');
  });

  it('follows the organization login OTP policy, like a password login', async () => {
    const slug = unique('otp-org').toLowerCase();
    await client.createOrganization(slug, 'OTP Org', { login_otp_required: true });
    const token = await googleToken(unique('sub'), `${unique('otp')}@example.com`);
    const pending = await json<{ otp_required: boolean; pending_token: string }>(
      await social('google', { id_token: token, org: slug }),
      200,
    );
    expect(pending).toMatchObject({ otp_required: true, pending_token: expect.any(String) });
    expect(pending).not.toHaveProperty('access_token');
    const finish = await call('POST', '/v1/auth/login/otp', {
      pending_token: pending.pending_token,
      code: '000000',
    });
    expect(await json(finish, 200)).toMatchObject({ access_token: expect.any(String) });
  });

  it('needs a verified email to sign up', async () => {
    const unverified = await idToken({
      sub: unique('sub'),
      email: 'x@example.com',
      email_verified: false,
    });
    expect(await errorOf(await social('google', { id_token: unverified }), 409)).toBe(
      'email_required',
    );
    const no_email = await idToken({ sub: unique('sub') });
    expect(await errorOf(await social('google', { id_token: no_email }), 409)).toBe(
      'email_required',
    );
  });

  it('refuses tokens that fail verification with invalid_credential', async () => {
    const claims = {
      sub: unique('sub'),
      email: `${unique('v')}@example.com`,
      email_verified: true,
    };
    const forged = await idToken(claims, { key: stranger_key });
    const other_app = await idToken(claims, { audience: 'someone-else' });
    const other_issuer = await idToken(claims, { issuer: 'https://issuer.example' });
    const expired = await idToken(claims, { expires: '-10m' });
    for (const id_token of [forged, other_app, other_issuer, expired, 'not.a.jwt'])
      expect(await errorOf(await social('google', { id_token }), 401)).toBe('invalid_credential');
    // Apple's configuration has its own audience: a Google token is not an Apple one.
    expect(await errorOf(await social('apple', { id_token: await idToken(claims) }), 401)).toBe(
      'invalid_credential',
    );
  });

  it('answers invalid_provider, provider_not_configured, unknown_org and invalid_json', async () => {
    const token = await googleToken(unique('sub'), `${unique('p')}@example.com`);
    expect(await errorOf(await social('github', { id_token: token }), 400)).toBe(
      'invalid_provider',
    );
    expect(await errorOf(await social('microsoft', { id_token: token }), 400)).toBe(
      'provider_not_configured',
    );
    expect(await errorOf(await social('google', { id_token: token, org: 'nope' }), 400)).toBe(
      'unknown_org',
    );
    expect(await errorOf(await social('google', { id_token: token, extra: 1 }), 400)).toBe(
      'invalid_json',
    );
  });

  it('documents the social body and the sign-in method routes in the OpenAPI document', async () => {
    const document = await json<{
      paths: Record<string, Record<string, { security?: unknown[]; requestBody?: unknown }>>;
    }>(await call('GET', '/openapi.json'), 200);
    const social_route = document.paths['/v1/auth/social/{provider}']?.post;
    expect(social_route?.security).toEqual([]);
    expect(JSON.stringify(social_route?.requestBody)).toEqual(
      expect.stringMatching(/id_token.*org.*type.*display_name/),
    );
    expect(document.paths['/v1/me/passkeys']?.get?.security).toEqual(
      expect.arrayContaining([{ bearer: [] }]),
    );
    for (const path of [
      '/v1/me/passkeys/register/begin',
      '/v1/me/passkeys/register/finish',
      '/v1/me/passkeys/{passkeyID}',
      '/v1/auth/passkeys/login/begin',
      '/v1/auth/passkeys/login/finish',
      '/v1/me/identities/{provider}',
      '/v1/auth/environment-handoff',
      '/v1/auth/handoff',
    ])
      expect(document.paths[path]).toBeDefined();
  });

  it('never removes the last way to sign in', async () => {
    const token = await googleToken(unique('sub'), `${unique('last')}@example.com`);
    const session = await json<Session>(await social('google', { id_token: token }), 200);
    const unlink = () =>
      call('DELETE', '/v1/me/identities/google', undefined, session.access_token);
    expect(await errorOf(await unlink(), 409)).toBe('last_login_method');

    const begin = await call(
      'POST',
      '/v1/me/passkeys/register/begin',
      undefined,
      session.access_token,
    );
    const credential = new SoftwareAuthenticator(ORIGIN).register(
      await json<CreationOptionsJSON>(begin, 200),
    );
    const finish = await call(
      'POST',
      '/v1/me/passkeys/register/finish',
      { credential },
      session.access_token,
    );
    const passkey = await json<{ id: string }>(finish, 201);

    expect(await json(await unlink(), 200)).toEqual({ provider: 'google', deleted: true });
    expect(await errorOf(await unlink(), 404)).toBe('not_found');
    const remove = await call(
      'DELETE',
      `/v1/me/passkeys/${passkey.id}`,
      undefined,
      session.access_token,
    );
    expect(await errorOf(remove, 409)).toBe('last_login_method');
    const listing = await call('GET', '/v1/me/passkeys', undefined, session.access_token);
    expect((await json<{ passkeys: unknown[] }>(listing, 200)).passkeys).toHaveLength(1);
  });
});
