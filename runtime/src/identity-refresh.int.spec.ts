import type { Pool } from 'pg';
import { createPool } from '@platform/persistence';
import { waitFor } from '@platform/testing';
import {
  expectError,
  identityClient,
  sessionIdOf,
  TEST_PASSWORD,
  uniqueEmail,
  type IdentityClient,
  type TestSession,
} from './identity-test-client';
import { startTestPlatform, TEST_OPERATOR_TOKEN, type TestPlatform } from './test-platform';

/**
 * The refresh-token chain (spec §3, §5 rule 4). A race is two exchanges of one token in flight
 * at once: one wins, the other gets 401 and nothing is revoked. A token presented after its
 * exchange answered is a replay: the whole chain is revoked and `refresh_token_reuse` recorded.
 * Members' and organization admins' chains follow the same rule.
 */
describe('identity: refresh-token replays and races', () => {
  let platform: TestPlatform;
  let client: IdentityClient;
  let identity_db: Pool;

  beforeAll(async () => {
    platform = await startTestPlatform('refresh');
    client = identityClient(platform.environments.test.base_url);
    identity_db = createPool({
      url: platform.environments.test.database_url,
      schema: 'identity',
      max_connections: 2,
    });
  });
  afterAll(async () => {
    await identity_db.end();
    await platform.dispose();
  });

  const refresh = (refresh_token: string) =>
    client.request('POST', '/v1/auth/refresh', { body: { refresh_token } });

  const exchange = async (refresh_token: string): Promise<TestSession> => {
    const response = await refresh(refresh_token);
    expect(response.status).toBe(200);
    return client.json<TestSession>(response);
  };

  const securityEventTypes = async (access_token: string): Promise<string[]> => {
    const response = await client.request('GET', '/v1/me/security/events', {
      token: access_token,
    });
    expect(response.status).toBe(200);
    return (await client.json<{ events: { type: string }[] }>(response)).events.map(
      (event) => event.type,
    );
  };

  /**
   * Runs `present` while a session's row is locked, and releases it once two exchanges wait on
   * locks: both were then presented before either could finish.
   */
  const whileSessionHeld = async <T>(
    table: 'sessions' | 'org_admin_sessions',
    session_id: string,
    present: () => Promise<T>,
  ): Promise<T> => {
    const holder = await identity_db.connect();
    try {
      await holder.query('begin');
      await holder.query(`select id from ${table} where id = $1 for update`, [session_id]);
      const presented = present();
      await waitFor(async () => {
        const { rows } = await identity_db.query<{ waiting: number }>(
          `select count(*)::int as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'
              and query like '%refresh_tokens%'`,
        );
        return rows[0]?.waiting === 2;
      });
      await holder.query('rollback');
      return await presented;
    } finally {
      holder.release();
    }
  };

  const newAdmin = async (): Promise<{ email: string; session: TestSession }> => {
    const email = uniqueEmail('admin');
    const created = await client.request('POST', '/admin/v1/organizations/demo/admins', {
      token: TEST_OPERATOR_TOKEN,
      body: { email, password: TEST_PASSWORD },
    });
    expect(created.status).toBe(201);
    return { email, session: await client.loginSession(email) };
  };

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

  it('lets one of two exchanges in flight at once win; the other gets 401 and nothing is revoked', async () => {
    const session = await client.registerAndConfirm(uniqueEmail('race'));
    const answers = await whileSessionHeld('sessions', sessionIdOf(session.access_token), () =>
      Promise.all([refresh(session.refresh_token), refresh(session.refresh_token)]),
    );

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    const loser = answers.find((answer) => answer.status === 401)!;
    await expectError(loser, 401, 'invalid_refresh_token');
    const winner = await client.json<TestSession>(answers.find((a) => a.status === 200)!);
    expect((await client.request('GET', '/v1/me', { token: winner.access_token })).status).toBe(
      200,
    );
    const next = await exchange(winner.refresh_token);
    expect(await securityEventTypes(next.access_token)).toEqual(['login']);
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

  it("lets one of two racing exchanges of an organization admin's token win, revoking nothing", async () => {
    const { session: admin } = await newAdmin();
    const answers = await whileSessionHeld(
      'org_admin_sessions',
      sessionIdOf(admin.access_token),
      () => Promise.all([refresh(admin.refresh_token), refresh(admin.refresh_token)]),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    const winner = await client.json<TestSession>(answers.find((a) => a.status === 200)!);
    const next = await exchange(winner.refresh_token);
    expect(await securityEventTypes(next.access_token)).toEqual([]);
  });
});
