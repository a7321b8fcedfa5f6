import { startPlatform, type E2ePlatform } from '../harness';
import {
  identityClient,
  json,
  SANDBOX_CODE,
  uniqueEmail,
  type IdentityClient,
  type TestSession,
} from '../clients';

/**
 * Identity end to end, driven over HTTP like a client would: register, confirm (which seeds the
 * sandbox demo history through the ledger, decisions D5), login, profile, API key. On the
 * distributed runtime every step crosses Kafka between the gateway, identity, notifications and
 * the ledger, each a process of its own.
 */
describe('identity smoke test', () => {
  let platform: E2ePlatform;
  let client: IdentityClient;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'idsmoke' });
    client = identityClient(platform.environments.test);
  });
  afterAll(async () => platform.close());

  it('registers, confirms, signs in, reads the profile and issues an API key', async () => {
    const email = uniqueEmail('smoke');
    await json(await client.register(email), 201);
    const first = await json<TestSession>(
      await client.post('/v1/auth/register/confirm', { org: 'demo', email, code: SANDBOX_CODE }),
      200,
    );

    const session = await client.loginSession(email);
    expect(session.account_id).toBe(first.account!.id);

    const me = await client.request('GET', '/v1/me', { token: session.access_token });
    expect(await json(me, 200)).toMatchObject({
      id: first.account!.id,
      email,
      kyc_status: 'approved',
    });

    const token = await client.issueApiKey(session.access_token, 'smoke');
    expect(token).toMatch(/^pk_test_/);
    const by_key = await client.request('GET', '/v1/me', { headers: { 'x-api-key': token } });
    expect(by_key.status).toBe(200);

    // The verification code went through notifications into its mailbox.
    expect((await client.mailboxFor(email)).length).toBeGreaterThan(0);
  });
});
