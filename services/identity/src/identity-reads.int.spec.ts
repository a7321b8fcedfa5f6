import {
  ACCOUNT_COMMANDS,
  DomainError,
  IDENTITY_DIRECTORY_QUERIES,
  IDENTITY_VERIFICATION_COMMANDS,
  type ConfirmedSession,
} from '@platform/contracts';
import { withTransaction } from '@platform/persistence';
import { waitFor } from '@platform/testing';
import {
  claimsOf,
  sessionActorOf,
  startIdentityUnderTest,
  uniqueEmail,
  type IdentityUnderTest,
} from './identity-under-test';

const TRIGGERS = {
  sessions: 'sessions_read_change',
  members: 'members_read_change',
  accounts: 'accounts_read_change',
  org_otp_policies: 'org_otp_policies_read_change',
} as const;

/**
 * Identity keeps the answers of its hottest reads (is this session live, who is this recipient)
 * until a row they came from changes. A change made anywhere (another copy of identity, an
 * operator's statement) is told by the database's triggers, after its commit; a change made by a
 * command of this process is forgotten before the command answers. Each test shows that an
 * answer is kept by changing its row with the triggers off (the kept answer is still given), then
 * what makes it go.
 */
describe('identity: kept answers of live sessions and recipients', () => {
  let identity: IdentityUnderTest;

  beforeAll(async () => {
    identity = await startIdentityUnderTest();
  });
  afterAll(async () => identity.close());

  /** Runs `change` on identity's tables with `table`'s trigger off: nobody is told. */
  const unannounced = (table: keyof typeof TRIGGERS, change: string, values: unknown[]) =>
    withTransaction(identity.tables, async (client) => {
      await client.query(`alter table ${table} disable trigger ${TRIGGERS[table]}`);
      const { rowCount } = await client.query(change, values);
      expect(rowCount).toBe(1);
      await client.query(`alter table ${table} enable trigger ${TRIGGERS[table]}`);
    });

  const verify = (session: ConfirmedSession) => {
    const { sid, gen } = claimsOf(session.access_token);
    return identity.client.send(ACCOUNT_COMMANDS.verify_session, {
      session_id: sid,
      generation: gen,
    });
  };
  const refusal = (session: ConfirmedSession) =>
    verify(session).then(
      () => null,
      (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
    );
  const recipientsByEmail = async (session: ConfirmedSession, email: string) => {
    const { matches } = await identity.client.send(IDENTITY_DIRECTORY_QUERIES.resolve_recipient, {
      org_id: claimsOf(session.access_token).org_id,
      email,
    });
    return matches.map((match) => match.account_id);
  };

  it('answers a live session from memory until a statement elsewhere changes its row', async () => {
    const session = await identity.registerAndConfirm(uniqueEmail('kept'));
    expect(await verify(session)).toMatchObject({ live: true, account_status: 'active' });

    await unannounced('sessions', 'update sessions set revoked_at = now() where id = $1', [
      claimsOf(session.access_token).sid,
    ]);
    // Nobody was told: the answer kept is still given, also after commands that only read.
    expect(await verify(session)).toMatchObject({ live: true });
    await identity.client.send(ACCOUNT_COMMANDS.get_profile, { account_id: session.account.id });
    expect(await verify(session)).toMatchObject({ live: true });

    // Any announced change of the row (here one that changes nothing) drops the kept answer.
    await identity.tables.query('update sessions set revoked_at = revoked_at where id = $1', [
      claimsOf(session.access_token).sid,
    ]);
    await waitFor(async () => (await refusal(session)) === 'unauthorized');
  });

  it.each([
    [
      'its account is blocked',
      'accounts' as const,
      `update accounts set status = 'blocked', blocked_reason = 'fraud', blocked_at = now()
        where id = $1`,
      (session: ConfirmedSession) => [session.account.id],
      { live: true, account_status: 'blocked' },
    ],
    [
      'its member is disabled',
      'members' as const,
      `update members set status = 'disabled' where id = $1`,
      (session: ConfirmedSession) => [claimsOf(session.access_token).sub],
      'member_disabled',
    ],
  ])(
    'gives a kept session the new answer once told that %s',
    async (_what, table, change, valuesOf, expected) => {
      const session = await identity.registerAndConfirm(uniqueEmail(table));
      expect(await verify(session)).toMatchObject({ live: true, account_status: 'active' });
      const values = valuesOf(session);

      await unannounced(table, change, values);
      expect(await verify(session)).toMatchObject({ live: true, account_status: 'active' });

      await identity.tables.query(`update ${table} set status = status where id = $1`, values);
      await waitFor(async () => {
        if (typeof expected === 'string') return (await refusal(session)) === expected;
        const answer = await verify(session).catch(() => null);
        return answer?.account_status === expected.account_status;
      });
    },
  );

  it("gives a kept session its organization's new OTP policy once told", async () => {
    const session = await identity.registerAndConfirm(uniqueEmail('policy'));
    const { org_id } = claimsOf(session.access_token);
    const before = await verify(session);
    const fewer = async () =>
      (await verify(session)).otp_actions.length < before.otp_actions.length;

    // A policy of no required actions leaves only those every organization requires.
    const set_policy = `insert into org_otp_policies (org_id, required_actions) values ($1, '{}')`;
    await unannounced('org_otp_policies', set_policy, [org_id]);
    expect(await fewer()).toBe(false);

    await identity.tables.query(
      'update org_otp_policies set required_actions = required_actions where org_id = $1',
      [org_id],
    );
    await waitFor(fewer);
    await identity.tables.query('delete from org_otp_policies where org_id = $1', [org_id]);
    await waitFor(async () => !(await fewer()));
  });

  it('refuses a session signed out by a command of this process on the very next check, told or not', async () => {
    const session = await identity.registerAndConfirm(uniqueEmail('signout'));
    expect(await verify(session)).toMatchObject({ live: true });

    const client = await identity.tables.connect();
    try {
      // With the trigger off nothing is told: only the command's own forgetting can drop the answer.
      await client.query('alter table sessions disable trigger sessions_read_change');
      const { account_id, member_id } = sessionActorOf(session.access_token);
      await identity.client.send(ACCOUNT_COMMANDS.revoke_session, {
        actor: { account_id, member_id },
        session_id: claimsOf(session.access_token).sid,
      });
      expect(await refusal(session)).toBe('unauthorized');
    } finally {
      await client.query('alter table sessions enable trigger sessions_read_change');
      client.release();
    }
  });

  it("answers a session's identity verification, changed by compliance's outcome on the very next check", async () => {
    const session = await identity.registerAndConfirm(uniqueEmail('kyc'));
    // A sandbox account is verified on confirmation; the gateway passes this on to payins.
    expect(await verify(session)).toMatchObject({ live: true, kyc_status: 'approved' });

    const client = await identity.tables.connect();
    try {
      // Nothing told: only the command's own forgetting can drop the kept answer.
      await client.query('alter table accounts disable trigger accounts_read_change');
      await identity.client.send(IDENTITY_VERIFICATION_COMMANDS.apply_status, {
        account_id: session.account.id,
        kyc_status: 'rejected',
        verified: null,
      });
      expect(await verify(session)).toMatchObject({ live: true, kyc_status: 'rejected' });
    } finally {
      await client.query('alter table accounts enable trigger accounts_read_change');
      client.release();
    }
  });

  it('refuses a kept session once its absolute expiry has passed', async () => {
    const session = await identity.registerAndConfirm(uniqueEmail('expiry'));
    await identity.tables.query(
      `update sessions set absolute_expires_at = now() + interval '1 second' where id = $1`,
      [claimsOf(session.access_token).sid],
    );
    await waitFor(async () => (await verify(session).catch(() => null)) !== null);
    expect(await verify(session)).toMatchObject({ live: true });
    await waitFor(async () => (await refusal(session)) === 'unauthorized');
  });

  it("finds a recipient by a member's new email once told, though the old answer was kept", async () => {
    const payer = await identity.registerAndConfirm(uniqueEmail('payer'));
    const payee = await identity.registerAndConfirm(uniqueEmail('payee'));
    const new_email = uniqueEmail('renamed');
    expect(await recipientsByEmail(payer, new_email)).toEqual([]);

    await unannounced('members', 'update members set email = $2 where id = $1', [
      claimsOf(payee.access_token).sub,
      new_email,
    ]);
    expect(await recipientsByEmail(payer, new_email)).toEqual([]);

    await identity.tables.query('update members set email = email where id = $1', [
      claimsOf(payee.access_token).sub,
    ]);
    await waitFor(async () => (await recipientsByEmail(payer, new_email)).length === 1);
    expect(await recipientsByEmail(payer, new_email)).toEqual([payee.account.id]);
  });

  it("answers an account's profile from memory until its row changes", async () => {
    const session = await identity.registerAndConfirm(uniqueEmail('profile'));
    const profile = () =>
      identity.client.send(ACCOUNT_COMMANDS.get_profile, { account_id: session.account.id });
    expect(await profile()).toMatchObject({ display_name: 'Ada Lovelace' });

    await unannounced('accounts', `update accounts set display_name = 'Ada King' where id = $1`, [
      session.account.id,
    ]);
    expect(await profile()).toMatchObject({ display_name: 'Ada Lovelace' });

    await identity.tables.query('update accounts set display_name = display_name where id = $1', [
      session.account.id,
    ]);
    await waitFor(async () => (await profile()).display_name === 'Ada King');
  });
});
