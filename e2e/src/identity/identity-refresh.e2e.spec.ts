import { startPlatform, type E2ePlatform } from '../harness';
import {
  expectError,
  identityClient,
  uniqueEmail,
  type IdentityClient,
  type TestSession,
} from '../clients';

/**
 * The refresh-token chain (spec §3, §5 rule 4). A token presented after its exchange answered is
 * a replay: the whole chain is revoked and `refresh_token_reuse` recorded. Members' and
 * organization admins' chains follow the same rule. (Races, two exchanges of one token in flight
 * at once, are forced with a row lock beside identity: services/identity/src/refresh-races.)
 */
describe('identity: refresh-token replays', () => {
  let platform: E2ePlatform;
  let client: IdentityClient;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'refresh' });
    client = identityClient(platform.environments.test);
  });
  afterAll(async () => platform.close());

  const refresh = (refresh_token: string) =>
    client.request('POST', '/v1/auth/refresh', { body: { refresh_token } });

  const exchange = async (refresh_token: string): Promise<TestSession> =>
    client.json<TestSession>(await refresh(refresh_token), 200);

  const securityEventTypes = async (access_token: string): Promise<string[]> => {
    const response = await client.request('GET', '/v1/me/security/events', {
      token: access_token,
    });
    return (await client.json<{ events: { type: string }[] }>(response, 200)).events.map(
      (event) => event.type,
    );
  };

  const newAdmin = () => client.newOrgAdmin();

  it('treats a used token presented as soon as its exchange answered as a replay: the whole chain is revoked', async () => {
    const email = uniqueEmail('replay');
    const session = await client.registerAndConfirm(email);
    const rotated = await exchange(session.refresh_token);

    // No grace period: the very next presentation, after the answer, is a replay.
    await expectError(await refresh(session.refresh_token), 401, 'invalid_refresh_token');
    await expectError(await refresh(rotated.refresh_token), 401, 'invalid_refresh_token');
    await expectError(
      await client.request('GET', '/v1/me', { token: rotated.access_token }),
      401,
      'unauthorized',
    );
    const fresh = await client.loginSession(email);
    expect(await securityEventTypes(fresh.access_token)).toEqual([
      'login',
      'refresh_token_reuse',
      'login',
    ]);
  });

  it("revokes an organization admin's chain on a replay and lists refresh_token_reuse to the admin", async () => {
    const { email, session: admin } = await newAdmin();
    const rotated = await exchange(admin.refresh_token);
    expect(await securityEventTypes(rotated.access_token)).toEqual([]);

    await expectError(await refresh(admin.refresh_token), 401, 'invalid_refresh_token');
    await expectError(await refresh(rotated.refresh_token), 401, 'invalid_refresh_token');
    await expectError(
      await client.request('GET', '/v1/org/accounts', { token: rotated.access_token }),
      401,
      'unauthorized',
    );
    const fresh = await client.loginSession(email);
    expect(await securityEventTypes(fresh.access_token)).toEqual(['refresh_token_reuse']);
  });
});
