import {
  identityClient,
  expectError,
  sessionIdOf,
  uniqueEmail,
  type IdentityClient,
  type TestSession,
} from '../clients';
import { SoftwareAuthenticator, type CreationOptionsJSON } from '@platform/testing';
import { startPlatform, type E2ePlatform } from '../harness';

const PASSKEY_ORIGIN = 'http://localhost:8080';

/**
 * Broken object-level authorization sweep: every identity route with an id in its path, given
 * the id of another account's object, answers 404 `not_found` and leaves that object as it was.
 */
describe('identity: another account’s ids are not_found', () => {
  let platform: E2ePlatform;
  let client: IdentityClient;
  let victim: Awaited<ReturnType<IdentityClient['companyWithMembers']>>;
  let victim_key: { api_key_id: string; token: string };
  let attacker: TestSession;
  let attacker_key: string;
  let victim_passkey_id: string;

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'bola',
      settings: { PASSKEY_ORIGINS: PASSKEY_ORIGIN },
    });
    client = identityClient(platform.environments.test);
    victim = await client.companyWithMembers(['operator']);
    victim_key = await client.json<{ api_key_id: string; token: string }>(
      await client.request('POST', '/v1/api-keys', {
        token: victim.owner.access_token,
        body: { label: 'victim' },
      }),
    );
    attacker = await client.registerAndConfirm(uniqueEmail('attacker'), { type: 'company' });
    attacker_key = await client.issueApiKey(attacker.access_token);
    victim_passkey_id = await registerPasskey(victim.owner);
  });

  const registerPasskey = async (session: TestSession): Promise<string> => {
    const begin = await client.request('POST', '/v1/me/passkeys/register/begin', {
      token: session.access_token,
    });
    const options = await client.json<CreationOptionsJSON>(begin);
    const credential = new SoftwareAuthenticator(PASSKEY_ORIGIN).register(options);
    const finish = await client.request('POST', '/v1/me/passkeys/register/finish', {
      token: session.access_token,
      body: { credential },
    });
    if (finish.status !== 201) throw new Error(`passkey registration answered ${finish.status}`);
    return (await client.json<{ id: string }>(finish)).id;
  };
  afterAll(async () => platform.close());

  // An API key never reaches these credential routes at all (decisions D12).
  const attackers = () => [
    {
      name: 'session',
      auth: { token: attacker.access_token },
      refusal: { status: 404, error: 'not_found' },
    },
    {
      name: 'API key',
      auth: { headers: { 'x-api-key': attacker_key } },
      refusal: { status: 403, error: 'session_required' },
    },
  ];

  it('DELETE /v1/me/sessions/{id}', async () => {
    const victim_sid = sessionIdOf(victim.owner.access_token);
    for (const { auth, refusal } of attackers()) {
      await expectError(
        await client.request('DELETE', `/v1/me/sessions/${victim_sid}`, auth),
        refusal.status,
        refusal.error,
      );
    }
    const victim_me = await client.request('GET', '/v1/me', { token: victim.owner.access_token });
    expect(victim_me.status).toBe(200);
  });

  it('DELETE /v1/api-keys/{id}', async () => {
    for (const { auth, refusal } of attackers()) {
      await expectError(
        await client.request('DELETE', `/v1/api-keys/${victim_key.api_key_id}`, auth),
        refusal.status,
        refusal.error,
      );
    }
    const still_works = await client.request('GET', '/v1/me', {
      headers: { 'x-api-key': victim_key.token },
    });
    expect(still_works.status).toBe(200);
  });

  it('PATCH /v1/members/{id}', async () => {
    const operator = victim.members.operator!;
    for (const { auth, refusal } of attackers()) {
      await expectError(
        await client.request('PATCH', `/v1/members/${operator.id}`, {
          ...auth,
          body: { status: 'disabled', role: 'viewer' },
        }),
        refusal.status,
        refusal.error,
      );
    }
    const listing = await client.json<{ members: { id: string; role: string; status: string }[] }>(
      await client.request('GET', '/v1/members', { token: victim.owner.access_token }),
    );
    expect(listing.members.find((member) => member.id === operator.id)).toMatchObject({
      role: 'operator',
      status: 'active',
    });
    const operator_me = await client.request('GET', '/v1/me', {
      token: operator.session.access_token,
    });
    expect(operator_me.status).toBe(200);
  });

  it('DELETE /v1/me/passkeys/{id}', async () => {
    await expectError(
      await client.request('DELETE', `/v1/me/passkeys/${victim_passkey_id}`, {
        token: attacker.access_token,
      }),
      404,
      'not_found',
    );
    const listing = await client.json<{ passkeys: { id: string }[] }>(
      await client.request('GET', '/v1/me/passkeys', { token: victim.owner.access_token }),
    );
    expect(listing.passkeys.map((passkey) => passkey.id)).toEqual([victim_passkey_id]);
  });

  it('answers ids that are not ids at all the same way', async () => {
    for (const route of ['/v1/me/sessions/not-a-uuid', '/v1/api-keys/not-a-uuid']) {
      await expectError(
        await client.request('DELETE', route, { token: attacker.access_token }),
        404,
        'not_found',
      );
    }
    await expectError(
      await client.request('PATCH', '/v1/members/not-a-uuid', {
        token: attacker.access_token,
        body: { status: 'disabled' },
      }),
      404,
      'not_found',
    );
  });
});
