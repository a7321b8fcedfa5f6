import {
  SoftwareAuthenticator,
  type CreationOptionsJSON,
  type RequestOptionsJSON,
} from '@platform/testing';
import { startPlatform, type E2ePlatform } from '../harness';
import {
  identityClient,
  json,
  TEST_PASSWORD as PASSWORD,
  uniqueEmail,
  type IdentityClient,
} from '../clients';

interface Session {
  access_token: string;
  refresh_token: string;
  account_id: string;
  role: string;
}

const ORIGIN = 'http://localhost:8080';

describe('identity: passkeys', () => {
  let platform: E2ePlatform;
  let client: IdentityClient;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'passkeys', settings: { PASSKEY_ORIGINS: ORIGIN } });
    client = identityClient(platform.environments.test);
  });
  afterAll(async () => platform.close());

  const call = (method: string, route: string, body?: unknown, token?: string) =>
    client.request(method, route, { body, token });

  /** A confirmed person, signed in with its password. */
  const signUp = async (email: string): Promise<Session> => {
    await client.registerAndConfirm(email, { country: undefined });
    return json<Session>(await client.login(email), 200);
  };

  const registerPasskey = async (
    authenticator: SoftwareAuthenticator,
    session: Session,
    label?: string,
  ): Promise<{ id: string; credential_id: string }> => {
    const begin = await call(
      'POST',
      '/v1/me/passkeys/register/begin',
      undefined,
      session.access_token,
    );
    const options = await json<CreationOptionsJSON>(begin, 200);
    const credential = authenticator.register(options);
    const finish = await call(
      'POST',
      '/v1/me/passkeys/register/finish',
      { credential, ...(label ? { label } : {}) },
      session.access_token,
    );
    const passkey = await json<{ id: string }>(finish, 201);
    return { id: passkey.id, credential_id: credential.id };
  };

  const beginLogin = async (body: Record<string, unknown>): Promise<RequestOptionsJSON> =>
    json<RequestOptionsJSON>(await call('POST', '/v1/auth/passkeys/login/begin', body), 200);

  it('registers a passkey and signs in with it, to a session of the same account', async () => {
    const email = uniqueEmail('pk');
    const session = await signUp(email);
    const authenticator = new SoftwareAuthenticator(ORIGIN);

    const begin = await call('POST', '/v1/me/passkeys/register/begin', {}, session.access_token);
    const options = await json<CreationOptionsJSON & { attestation: string }>(begin, 200);
    expect(options).toMatchObject({ rp: { id: 'localhost' }, user: { name: email } });
    const credential = authenticator.register(options);
    const finish = await call(
      'POST',
      '/v1/me/passkeys/register/finish',
      { credential, label: 'work laptop' },
      session.access_token,
    );
    const passkey = await json<{ id: string; label: string }>(finish, 201);
    expect(passkey).toMatchObject({ id: expect.any(String), label: 'work laptop' });

    const listing = await call('GET', '/v1/me/passkeys', undefined, session.access_token);
    expect(await json(listing, 200)).toEqual({
      page: 1,
      page_size: 20,
      has_more: false,
      passkeys: [
        {
          id: passkey.id,
          label: 'work laptop',
          created_at: expect.any(String),
          last_used_at: null,
        },
      ],
    });

    const login_options = await beginLogin({ org: 'demo', email });
    expect(login_options.allowCredentials?.map((allowed) => allowed.id)).toEqual([credential.id]);
    const assertion = authenticator.authenticate(login_options);
    const signed_in = await json<Session>(
      await call('POST', '/v1/auth/passkeys/login/finish', { org: 'demo', credential: assertion }),
      200,
    );
    expect(signed_in).toMatchObject({
      account_id: session.account_id,
      role: 'owner',
      refresh_token: expect.stringMatching(/^rt_/),
    });
    const me = await call('GET', '/v1/me', undefined, signed_in.access_token);
    expect(await json<{ email: string }>(me, 200)).toMatchObject({ email });
  });

  it('signs in with a discoverable passkey when no email is given', async () => {
    const session = await signUp(uniqueEmail('disc'));
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await registerPasskey(authenticator, session);
    const options = await beginLogin({ org: 'demo' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const response = await call('POST', '/v1/auth/passkeys/login/finish', {
      org: 'demo',
      credential: authenticator.authenticate(options),
    });
    expect((await json<Session>(response, 200)).account_id).toBe(session.account_id);
  });

  it('rejects a replayed assertion, a foreign origin, no user verification and an unknown credential with passkey_rejected', async () => {
    const email = uniqueEmail('replay');
    const session = await signUp(email);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await registerPasskey(authenticator, session);
    const finish = (credential: unknown) =>
      call('POST', '/v1/auth/passkeys/login/finish', { org: 'demo', credential });
    const rejected = {
      error: 'passkey_rejected',
      message: expect.any(String),
      request_id: expect.any(String),
    };

    const options = await beginLogin({ org: 'demo', email });
    const assertion = authenticator.authenticate(options);
    expect((await finish(assertion)).status).toBe(200);
    expect(await json(await finish(assertion), 403)).toEqual(rejected);

    const phished = authenticator.authenticate(await beginLogin({ org: 'demo', email }), {
      origin: 'https://evil.example',
    });
    expect(await json(await finish(phished), 403)).toEqual(rejected);

    const unverified = authenticator.authenticate(await beginLogin({ org: 'demo', email }), {
      user_verified: false,
    });
    expect(await json(await finish(unverified), 403)).toEqual(rejected);

    const stranger = new SoftwareAuthenticator(ORIGIN);
    const other = await signUp(uniqueEmail('stranger'));
    const { credential_id } = await registerPasskey(stranger, other);
    await call(
      'DELETE',
      `/v1/me/passkeys/${(await listIds(other))[0]}`,
      undefined,
      other.access_token,
    );
    const deleted = stranger.authenticate(await beginLogin({ org: 'demo' }), { credential_id });
    expect(await json(await finish(deleted), 403)).toEqual(rejected);
  });

  const listIds = async (session: Session): Promise<string[]> => {
    const listing = await call('GET', '/v1/me/passkeys', undefined, session.access_token);
    const body = await json<{ passkeys: { id: string }[] }>(listing, 200);
    return body.passkeys.map((passkey) => passkey.id);
  };

  it('rejects a registration answered for another challenge and a credential registered twice', async () => {
    const session = await signUp(uniqueEmail('twice'));
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const begin = await call(
      'POST',
      '/v1/me/passkeys/register/begin',
      undefined,
      session.access_token,
    );
    const options = await json<CreationOptionsJSON>(begin, 200);
    const forged = authenticator.register({ ...options, challenge: 'bm90LWEtY2hhbGxlbmdl' });
    const finish = (credential: unknown) =>
      call('POST', '/v1/me/passkeys/register/finish', { credential }, session.access_token);
    expect(await json(await finish(forged), 403)).toMatchObject({ error: 'passkey_rejected' });
    const good = authenticator.register(options);
    expect((await finish(good)).status).toBe(201);
    // The challenge is spent: the same attestation again finds nothing to answer.
    expect(await json(await finish(good), 403)).toMatchObject({ error: 'passkey_rejected' });
    expect(await listIds(session)).toHaveLength(1);
  });

  it('deletes only the caller’s passkeys: another account’s is not_found', async () => {
    const owner = await signUp(uniqueEmail('owner'));
    const intruder = await signUp(uniqueEmail('intruder'));
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const { id } = await registerPasskey(authenticator, owner);

    const foreign = await call('DELETE', `/v1/me/passkeys/${id}`, undefined, intruder.access_token);
    expect(await json(foreign, 404)).toMatchObject({ error: 'not_found' });
    const garbage = await call(
      'DELETE',
      '/v1/me/passkeys/not-a-uuid',
      undefined,
      owner.access_token,
    );
    expect(await json(garbage, 404)).toMatchObject({ error: 'not_found' });
    expect(await listIds(owner)).toEqual([id]);

    const own = await call('DELETE', `/v1/me/passkeys/${id}`, undefined, owner.access_token);
    expect(await json(own, 200)).toEqual({ id, deleted: true });
    expect(await listIds(owner)).toEqual([]);
  });

  it('lets every member, a viewer too, keep passkeys of their own', async () => {
    const owner_email = uniqueEmail('company');
    const registration = {
      org: 'demo',
      type: 'company',
      email: owner_email,
      password: PASSWORD,
      display_name: 'Acme',
    };
    expect((await call('POST', '/v1/auth/register', registration)).status).toBe(201);
    const confirm = await call('POST', '/v1/auth/register/confirm', {
      org: 'demo',
      email: owner_email,
      code: '000000',
    });
    const owner = await json<{ access_token: string; account: { id: string } }>(confirm, 200);
    const viewer_email = uniqueEmail('viewer');
    const member = { email: viewer_email, password: PASSWORD, role: 'viewer' };
    expect((await call('POST', '/v1/members', member, owner.access_token)).status).toBe(201);
    const login = { org: 'demo', email: viewer_email, password: PASSWORD };
    const viewer = await json<Session>(await call('POST', '/v1/auth/login', login), 200);
    expect(viewer).toMatchObject({ role: 'viewer', account_id: owner.account.id });

    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const { id } = await registerPasskey(authenticator, viewer);
    expect(await listIds(viewer)).toEqual([id]);
    // The owner of the same account sees only their own passkeys.
    const owner_listing = await call('GET', '/v1/me/passkeys', undefined, owner.access_token);
    expect((await json<{ passkeys: unknown[] }>(owner_listing, 200)).passkeys).toEqual([]);
    const options = await beginLogin({ org: 'demo', email: viewer_email });
    const signed_in = await json<Session>(
      await call('POST', '/v1/auth/passkeys/login/finish', {
        org: 'demo',
        credential: authenticator.authenticate(options),
      }),
      200,
    );
    expect(signed_in).toMatchObject({ role: 'viewer', account_id: owner.account.id });
  });

  it('keeps passkeys to user sessions and validates the sign-in request', async () => {
    const session = await signUp(uniqueEmail('apikey'));
    const issued = await call('POST', '/v1/api-keys', { label: 'ci' }, session.access_token);
    const { token } = await json<{ token: string }>(issued, 201);
    const by_key = await call('POST', '/v1/me/passkeys/register/begin', undefined, token);
    expect(await json(by_key, 403)).toMatchObject({ error: 'session_required' });
    expect((await call('GET', '/v1/me/passkeys')).status).toBe(401);

    expect(
      await json(await call('POST', '/v1/auth/passkeys/login/begin', { org: 'nope' }), 400),
    ).toMatchObject({ error: 'unknown_org' });
    const missing = await call('POST', '/v1/auth/passkeys/login/finish', { org: 'demo' });
    expect(await json(missing, 400)).toMatchObject({ error: 'invalid_request' });
    const extra = await call('POST', '/v1/auth/passkeys/login/begin', { org: 'demo', x: 1 });
    expect(await json(extra, 400)).toMatchObject({ error: 'invalid_json' });
  });
});
