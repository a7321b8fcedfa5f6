import {
  ACCOUNT_COMMANDS,
  ACCOUNT_SETTINGS_COMMANDS,
  DomainError,
  IDENTITY_COMMANDS,
  type MemberSession,
  type OrgAdminSession,
  type OrgAdminSessionClaims,
} from '@platform/contracts';
import { waitFor } from '@platform/testing';
import {
  claimsOf,
  PASSWORD,
  startIdentityUnderTest,
  uniqueEmail,
  type IdentityUnderTest,
} from './identity-under-test';

/**
 * The refresh-token chain (spec §3, §5 rule 4) under a race: two exchanges of one token in flight
 * at once. One wins, the other is refused `invalid_refresh_token` (401 at the gateway) and nothing
 * is revoked. Members' and organization admins' chains follow the same rule. A row lock on the
 * session holds both exchanges until both wait on it, which no client can arrange; replays are
 * driven over HTTP in e2e/src/identity/identity-refresh.
 */
describe('identity: refresh-token races', () => {
  let identity: IdentityUnderTest;

  beforeAll(async () => {
    identity = await startIdentityUnderTest();
  });
  afterAll(async () => identity.close());

  /** Both exchanges presented before either finished, as the gateway stamps them. */
  const refresh = (refresh_token: string, presented_at: string) =>
    identity.client.send(ACCOUNT_COMMANDS.refresh_session, { refresh_token, presented_at }).then(
      (session) => ({ ok: true as const, session: session as MemberSession | OrgAdminSession }),
      (error: unknown) => ({ ok: false as const, error }),
    );

  /**
   * Runs `present` while a session's row is locked, and releases it once two exchanges wait on
   * locks: both were then presented before either could finish.
   */
  const whileSessionHeld = async <T>(
    table: 'sessions' | 'org_admin_sessions',
    session_id: string,
    present: () => Promise<T>,
  ): Promise<T> => {
    const holder = await identity.tables.connect();
    try {
      await holder.query('begin');
      await holder.query(`select id from ${table} where id = $1 for update`, [session_id]);
      const presented = present();
      await waitFor(async () => {
        const { rows } = await identity.tables.query<{ waiting: number }>(
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

  const race = async (
    table: 'sessions' | 'org_admin_sessions',
    session: { access_token: string; refresh_token: string },
  ) => {
    const presented_at = new Date().toISOString();
    const answers = await whileSessionHeld(table, claimsOf(session.access_token).sid, () =>
      Promise.all([
        refresh(session.refresh_token, presented_at),
        refresh(session.refresh_token, presented_at),
      ]),
    );
    expect(answers.map((answer) => answer.ok).sort()).toEqual([false, true]);
    const loser = answers.find((answer) => !answer.ok)!;
    const refused = loser.ok ? undefined : loser.error;
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('invalid_refresh_token');
    const winner = answers.find((answer) => answer.ok)!;
    return winner.ok ? winner.session : (undefined as never);
  };

  const exchange = (refresh_token: string) =>
    identity.client.send(ACCOUNT_COMMANDS.refresh_session, {
      refresh_token,
      presented_at: new Date().toISOString(),
    });

  it('lets one of two exchanges in flight at once win; the other is refused and nothing is revoked', async () => {
    const session = await identity.registerAndConfirm(uniqueEmail('race'));
    const winner = await race('sessions', session);

    // The winner's access token is live, as the gateway checks it on every request.
    const claims = claimsOf(winner.access_token);
    await expect(
      identity.client.send(ACCOUNT_COMMANDS.verify_session, {
        session_id: claims.sid,
        generation: claims.gen,
      }),
    ).resolves.toMatchObject({ live: true });
    const next = await exchange(winner.refresh_token);
    const { events } = await identity.client.send(ACCOUNT_COMMANDS.list_security_events, {
      account_id: claimsOf(next.access_token).account_id,
      limit: 20,
      offset: 0,
    });
    expect(events.map((event) => event.type)).toEqual(['login']);
  });

  it("lets one of two racing exchanges of an organization admin's token win, revoking nothing", async () => {
    const email = uniqueEmail('admin');
    await identity.client.send(IDENTITY_COMMANDS.create_org_admin, {
      org: 'demo',
      email,
      password: PASSWORD,
    });
    const admin = (await identity.client.send(ACCOUNT_COMMANDS.login, {
      org: 'demo',
      email,
      password: PASSWORD,
    })) as OrgAdminSession;
    const winner = await race('org_admin_sessions', admin);

    const next = await exchange(winner.refresh_token);
    const claims = claimsOf<OrgAdminSessionClaims>(next.access_token);
    await identity.client.send(ACCOUNT_SETTINGS_COMMANDS.verify_org_admin_session, {
      session_id: claims.sid,
      admin_id: claims.sub,
      generation: claims.gen,
    });
    const { events } = await identity.client.send(
      ACCOUNT_SETTINGS_COMMANDS.list_org_admin_security_events,
      { admin_id: claims.sub, limit: 20, offset: 0 },
    );
    expect(events).toEqual([]);
  });
});
