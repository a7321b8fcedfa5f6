import jwt from 'jsonwebtoken';
import { environmentHandoffKey } from '@platform/runtime';
import { startPlatform, type E2ePlatform } from '../harness';
import { identityClient, json, uniqueEmail } from '../clients';

interface Session {
  access_token: string;
  refresh_token: string;
  account_id: string;
  role: string;
}

const HANDOFF_SECRET = 'handoff-secret-shared-by-both-environments';

describe('identity: environment handoff', () => {
  let platform: E2ePlatform;
  let live_url: string;
  let test_url: string;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'handoff', live: true, settings: { HANDOFF_SECRET } });
    live_url = platform.environments.live.base_url;
    test_url = platform.environments.test.base_url;
  });
  afterAll(async () => platform.close());

  /** The identity client of the environment `base` is the gateway of. */
  const clientOf = (base: string) =>
    identityClient(base === live_url ? platform.environments.live : platform.environments.test);

  const call = (base: string, method: string, route: string, body?: unknown, token?: string) =>
    clientOf(base).request(method, route, { body, token });

  const errorOf = async (response: Response, status: number) =>
    (await json<{ error: string }>(response, status)).error;

  /** A confirmed company in one environment (with the mailed code), signed in with its password. */
  const signUp = async (base: string, email: string, overrides: Record<string, unknown> = {}) => {
    const client = clientOf(base);
    await client.registerCompany(
      'demo',
      email,
      { display_name: 'Lovelace Analytics', ...overrides },
      { mailed_code: true },
    );
    return json<Session>(await client.login(email), 200);
  };

  const issue = async (session: Session) =>
    json<{ handoff_token: string; expires_at: string }>(
      await call(live_url, 'POST', '/v1/auth/environment-handoff', undefined, session.access_token),
      201,
    );

  const redeem = (token: string, base = test_url) =>
    call(base, 'POST', '/v1/auth/handoff', { token });

  it('hands a live person to a new, approved test account of the same person, once per token', async () => {
    const email = uniqueEmail('live');
    const live = await signUp(live_url, email);
    const { handoff_token, expires_at } = await issue(live);
    const claims = jwt.decode(handoff_token) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(60);
    expect(new Date(expires_at).getTime()).toBe(claims.exp * 1000);

    const session = await json<Session>(await redeem(handoff_token), 200);
    expect(session).toMatchObject({ role: 'owner', refresh_token: expect.stringMatching(/^rt_/) });
    expect(session.account_id).not.toBe(live.account_id);
    const me = await call(test_url, 'GET', '/v1/me', undefined, session.access_token);
    expect(await json(me, 200)).toMatchObject({
      id: session.account_id,
      email,
      type: 'company',
      display_name: 'Lovelace Analytics',
      status: 'active',
      kyc_status: 'approved',
    });

    expect(await errorOf(await redeem(handoff_token), 401)).toBe('handoff_replayed');
    const next = await json<Session>(await redeem((await issue(live)).handoff_token), 200);
    expect(next.account_id).toBe(session.account_id);

    // The environments still share no session key: neither honours the other's access token.
    expect((await call(live_url, 'GET', '/v1/me', undefined, session.access_token)).status).toBe(
      401,
    );
    expect((await call(test_url, 'GET', '/v1/me', undefined, live.access_token)).status).toBe(401);
  });

  it('signs in to the test account the person already has, confirming a pending one', async () => {
    const email = uniqueEmail('both');
    const live = await signUp(live_url, email);
    const existing = await signUp(test_url, email, { type: 'person', display_name: 'Ada' });
    const session = await json<Session>(await redeem((await issue(live)).handoff_token), 200);
    expect(session.account_id).toBe(existing.account_id);

    const pending_email = uniqueEmail('pending');
    const pending_live = await signUp(live_url, pending_email);
    const registered = await clientOf(test_url).register(pending_email, {
      display_name: 'Pending',
      country: undefined,
    });
    expect(registered.status).toBe(201);
    const confirmed = await json<Session>(
      await redeem((await issue(pending_live)).handoff_token),
      200,
    );
    const me = await call(test_url, 'GET', '/v1/me', undefined, confirmed.access_token);
    expect(await json(me, 200)).toMatchObject({
      email: pending_email,
      status: 'active',
      kyc_status: 'approved',
    });
  });

  it('refuses forged, expired, foreign and live-presented tokens with invalid_handoff', async () => {
    const live = await signUp(live_url, uniqueEmail('bad'));
    const key = environmentHandoffKey({ HANDOFF_SECRET });
    if (!key) throw new Error('the handoff key must derive from HANDOFF_SECRET');
    const claims = { org: 'demo', email: 'x@example.com', type: 'person', display_name: 'X' };
    const options = {
      algorithm: 'HS256' as const,
      issuer: 'platform-identity-live-handoff',
      audience: 'platform-identity-test-handoff',
    };
    const now_s = Math.floor(Date.now() / 1000);
    // Proves the forgeries below fail for their one difference, not for their shape.
    const accepted = await redeem(
      jwt.sign({ ...claims, exp: now_s + 60 }, key, {
        ...options,
        jwtid: '6f1c3a52-8d1e-4a57-9f0e-3c4b5a6d7e8f',
      }),
    );
    expect(accepted.status).toBe(200);
    const forgeries = [
      'garbage',
      jwt.sign({ ...claims, exp: now_s + 60 }, 'another key entirely, 32+ chars', {
        ...options,
        jwtid: '0b7f8e2c-1d2a-4c3b-8e4f-5a6b7c8d9e0f',
      }),
      jwt.sign({ ...claims, exp: now_s - 1 }, key, {
        ...options,
        jwtid: '1c8a9f3d-2e3b-4d4c-9f5a-6b7c8d9e0f1a',
      }),
      jwt.sign({ ...claims, exp: now_s + 60 }, key, {
        ...options,
        audience: 'platform-identity-live-handoff',
        jwtid: '2d9b0a4e-3f4c-4e5d-8a6b-7c8d9e0f1a2b',
      }),
      jwt.sign({ ...claims, exp: now_s + 60 }, key, { ...options, jwtid: 'not-a-uuid' }),
      live.access_token,
    ];
    for (const token of forgeries)
      expect(await errorOf(await redeem(token), 401)).toBe('invalid_handoff');

    const { handoff_token } = await issue(live);
    expect(await errorOf(await redeem(handoff_token, live_url), 401)).toBe('invalid_handoff');
    // Refused by live, the token is still good for test.
    expect((await redeem(handoff_token)).status).toBe(200);
  });

  it('issues only in live, to user sessions', async () => {
    const live = await signUp(live_url, uniqueEmail('keys'));
    const test_session = await signUp(test_url, uniqueEmail('test-only'));
    const on_test = await call(
      test_url,
      'POST',
      '/v1/auth/environment-handoff',
      {},
      test_session.access_token,
    );
    expect(await errorOf(on_test, 404)).toBe('not_found');
    expect((await call(live_url, 'POST', '/v1/auth/environment-handoff')).status).toBe(401);

    const issued = await call(live_url, 'POST', '/v1/api-keys', { label: 'ci' }, live.access_token);
    const { token } = await json<{ token: string }>(issued, 201);
    const by_key = await call(live_url, 'POST', '/v1/auth/environment-handoff', undefined, token);
    expect(await errorOf(by_key, 403)).toBe('session_required');
    expect(await errorOf(await call(test_url, 'POST', '/v1/auth/handoff', {}), 400)).toBe(
      'invalid_request',
    );
  });
});
