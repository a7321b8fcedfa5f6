import { startIdentityUnderTest, uniqueEmail, type IdentityUnderTest } from './identity-under-test';

/**
 * Identity's own event stream: a registration and its confirmation are stored as events of the
 * account, in order, in the same transaction as the state they describe (what the relay then
 * publishes). No client reads identity's events, so this looks at its store.
 */
describe('identity: the events of a registration', () => {
  let identity: IdentityUnderTest;

  beforeAll(async () => {
    identity = await startIdentityUnderTest();
  });
  afterAll(async () => identity.close());

  it('accepts 000000 in the test environment and publishes the account events after commit', async () => {
    const email = uniqueEmail('magic');
    const session = await identity.registerAndConfirm(email);
    const account_id = session.account.id;
    const { rows } = await identity.tables.query<{ type: string; data: Record<string, unknown> }>(
      `select type, data from identity_events.events where account_id = $1 order by position`,
      [account_id],
    );
    expect(rows).toEqual([
      {
        type: 'identity.account_registered',
        data: expect.objectContaining({ account_id, type: 'person', email }),
      },
      {
        type: 'identity.account_confirmed',
        data: expect.objectContaining({ account_id, kyc_status: 'approved' }),
      },
    ]);
  });
});
