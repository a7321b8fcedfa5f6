import {
  expectError,
  identityClient,
  sessionIdOf,
  TEST_PASSWORD,
  uniqueEmail,
  type IdentityClient,
  type TestSession,
} from '../clients';
import { startPlatform, type E2ePlatform } from '../harness';

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, { description?: string }> }>>;
}

/** What a client holding an owner's leaked API key would send to take the account over. */
function takeoverBody(operation: string): unknown {
  const bodies: Record<string, unknown> = {
    'POST /v1/api-keys': { label: 'stolen' },
    'POST /v1/members': { email: uniqueEmail('intruder'), password: TEST_PASSWORD, role: 'owner' },
    'PATCH /v1/members/{id}': { status: 'disabled' },
    'POST /v1/me/password': { current_password: TEST_PASSWORD, new_password: 'taken over now' },
    'POST /v1/me/email/change': { new_email: uniqueEmail('intruder') },
    'POST /v1/me/email/verify': { code: '000000' },
    'POST /v1/me/totp/confirm': { code: '000000' },
    'POST /v1/me/phone/verification/confirm': { code: '000000' },
    'POST /v1/otp/challenges': { action: 'password.change', channel: 'email' },
    'POST /v1/otp/challenges/{id}/verify': { code: '000000' },
    'PUT /v1/otp/preferences': { channels: ['email'] },
    'POST /v1/me/passkeys/register/finish': { credential: {} },
    'POST /v1/me/identities/{provider}': { id_token: 'forged' },
  };
  return bodies[operation] ?? (operation.startsWith('POST') ? {} : undefined);
}

/**
 * Decisions D12: API keys operate an account's money and data, never its credentials. Issue 13:
 * with a leaked `pk_test_` key a client created an owner member, more keys, revoked the owner's
 * sessions and disabled the owner.
 */
describe('identity: API keys never manage credentials', () => {
  let platform: E2ePlatform;
  let client: IdentityClient;
  let owner: TestSession;
  let owner_email: string;
  let owner_member_id: string;
  let api_key: string;
  let spare_key_id: string;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'creds' });
    client = identityClient(platform.environments.test);
    const company = await client.companyWithMembers(['operator']);
    owner = company.owner;
    owner_email = company.owner_email;
    api_key = await client.issueApiKey(owner.access_token);
    spare_key_id = (
      await client.json<{ api_key_id: string }>(
        await client.request('POST', '/v1/api-keys', {
          token: owner.access_token,
          body: { label: 'spare' },
        }),
      )
    ).api_key_id;
    const { members } = await client.json<{ members: { id: string; email: string }[] }>(
      await client.request('GET', '/v1/members', { token: owner.access_token }),
    );
    owner_member_id = members.find((member) => member.email === owner_email)!.id;
  });
  afterAll(async () => platform.close());

  const byKey = (method: string, route: string, body?: unknown) =>
    client.request(method, route, { headers: { 'x-api-key': api_key }, body });

  /** Everything a takeover would change, as the owner's session reads it. */
  const accountState = async () => {
    const read = async (route: string) => {
      const response = await client.request('GET', route, { token: owner.access_token });
      expect(response.status).toBe(200);
      return client.json(response);
    };
    const keys = (await read('/v1/api-keys')) as { api_keys: { api_key_id: string }[] };
    return {
      profile: await read('/v1/me'),
      members: await read('/v1/members'),
      api_key_ids: keys.api_keys.map((key) => key.api_key_id),
      otp_preferences: await read('/v1/otp/preferences'),
      security_events: await read('/v1/me/security/events'),
    };
  };

  it('refuses the takeover of issue 13 and changes nothing', async () => {
    const before = await accountState();
    const intruder = { email: uniqueEmail('intruder'), password: TEST_PASSWORD, role: 'owner' };
    await expectError(await byKey('POST', '/v1/members', intruder), 403, 'session_required');
    await expectError(
      await byKey('POST', '/v1/api-keys', { label: 'more' }),
      403,
      'session_required',
    );
    await expectError(await byKey('POST', '/v1/me/sessions/revoke-all'), 403, 'session_required');
    await expectError(
      await byKey('PATCH', `/v1/members/${owner_member_id}`, { status: 'disabled' }),
      403,
      'session_required',
    );

    expect(await accountState()).toEqual(before);
    expect((await client.login(intruder.email)).status).toBe(401);
    expect((await client.login(owner_email)).status).toBe(200);
  });

  it('answers 403 session_required to an API key on every route documented as managing credentials', async () => {
    const document = await client.json<OpenApiDocument>(
      await client.request('GET', '/openapi.json'),
    );
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) =>
          // The code itself, not `human_session_required` (wallet key import and export).
          /\bsession_required\b/.test(operation.responses?.['403']?.description ?? ''),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    // API keys, members, sessions, password, email, TOTP, phone, OTP, passkeys, identities, handoff,
    // and the card number (a person must see it, behind a fresh OTP).
    expect(operations).toHaveLength(26);
    expect(operations).toContain('GET /v1/cards/{id}/sensitive');
    const before = await accountState();
    // The owner's own objects where a path names one; a made-up id elsewhere.
    const targets: Record<string, string> = {
      '/v1/api-keys/{id}': `/v1/api-keys/${spare_key_id}`,
      '/v1/members/{id}': `/v1/members/${owner_member_id}`,
      '/v1/me/sessions/{id}': `/v1/me/sessions/${sessionIdOf(owner.access_token)}`,
    };

    for (const operation of operations) {
      const [method, path] = operation.split(' ') as [string, string];
      const route = (targets[path] ?? path)
        .replace('{provider}', 'google')
        .replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
      const response = await byKey(method, route, takeoverBody(operation));
      expect({ operation, status: response.status, body: await response.json() }).toEqual({
        operation,
        status: 403,
        body: {
          error: 'session_required',
          message: expect.any(String),
          request_id: expect.any(String),
        },
      });
    }

    expect(await accountState()).toEqual(before);
    expect((await client.login(owner_email)).status).toBe(200);
  });

  it('lets API keys read account data: members, security events, OTP preferences', async () => {
    for (const route of ['/v1/members', '/v1/me/security/events', '/v1/otp/preferences'])
      expect({ route, status: (await byKey('GET', route)).status }).toEqual({ route, status: 200 });
  });

  it("lets the owner's session manage keys, members, sessions and the password", async () => {
    const token = owner.access_token;
    const issued = await client.request('POST', '/v1/api-keys', { token, body: { label: 'ok' } });
    expect(issued.status).toBe(201);
    const { api_key_id } = await client.json<{ api_key_id: string }>(issued);
    expect((await client.request('DELETE', `/v1/api-keys/${api_key_id}`, { token })).status).toBe(
      200,
    );

    const member_email = uniqueEmail('colleague');
    const created = await client.request('POST', '/v1/members', {
      token,
      body: { email: member_email, password: TEST_PASSWORD, role: 'viewer' },
    });
    expect(created.status).toBe(201);
    const { id } = await client.json<{ id: string }>(created);
    const disabled = await client.request('PATCH', `/v1/members/${id}`, {
      token,
      body: { status: 'disabled' },
    });
    expect(disabled.status).toBe(200);

    const other = await client.loginSession(owner_email);
    const signed_out = await client.request(
      'DELETE',
      `/v1/me/sessions/${sessionIdOf(other.access_token)}`,
      { token },
    );
    expect(signed_out.status).toBe(200);
    const changed = await client.request('POST', '/v1/me/password', {
      token,
      body: { current_password: TEST_PASSWORD, new_password: 'a new password' },
    });
    expect(changed.status).toBe(200);
    expect((await client.login(owner_email, 'a new password')).status).toBe(200);
  });
});
