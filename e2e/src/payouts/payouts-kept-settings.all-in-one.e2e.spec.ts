import { Pool } from 'pg';
import { withTransaction } from '@platform/persistence';
import { waitFor } from '@platform/testing';
import { payoutsClient, pix, type PayoutsClient, type TestAccount } from '../clients';
import { startAllInOneOnly, type E2eAllInOnePlatform } from '../harness';

/**
 * What every payout create asks (its organization's limits and pricing, whether screening is
 * available, the account's settlement asset) is kept in memory by the service that owns it until
 * the row changes. A route's change is seen by the next request (existing suites show it); this
 * suite shows the other way a row changes: a statement run elsewhere (another copy of the
 * service, an operator at the database), which triggers tell every process of after its commit.
 * Each test first changes the row with its trigger off, which nobody is told of, to show the
 * answer kept is the one given; all-in-one only, for the database.
 */
describe('payouts: settings kept until the database tells they changed', () => {
  let platform: E2eAllInOnePlatform;
  let payouts: PayoutsClient;
  let database: Pool;
  let key = 0;
  const newKey = () => `kept-${Date.now()}-${(key += 1)}`;

  beforeAll(async () => {
    platform = await startAllInOneOnly({ label: 'payoutkept' });
    payouts = payoutsClient(platform.environments.test);
    database = new Pool({
      connectionString: platform.internals('test').database_url,
      max: 2,
    });
  });
  afterAll(async () => {
    await database.end();
    await platform.close();
  });

  /** Runs `change` with `trigger` of `table` off: the change is made, nobody is told. */
  const unannounced = (table: string, trigger: string, change: string, values: unknown[]) =>
    withTransaction(database, async (client) => {
      await client.query(`alter table ${table} disable trigger ${trigger}`);
      await client.query(change, values);
      await client.query(`alter table ${table} enable trigger ${trigger}`);
    });

  const orgOf = (account: TestAccount): string =>
    (
      JSON.parse(Buffer.from(account.access_token.split('.')[1]!, 'base64url').toString()) as {
        org_id: string;
      }
    ).org_id;

  const create = (account: TestAccount, amount: string) =>
    payouts.create(account, pix(amount, { idempotency_key: newKey() }));

  it("applies an organization's limits changed by a statement elsewhere once told", async () => {
    const slug = `kept-${Date.now()}`;
    const org = await payouts.operator('POST', '/admin/v1/organizations', { slug, name: 'Kept' });
    const { org_id } = (await org.json()) as { org_id: string };
    const account = await payouts.register(slug);
    const limits = await payouts.operator('PUT', `/admin/v1/payouts/limits/${org_id}`, {
      max_amount_usd: '50.00',
    });
    expect(limits.status).toBe(200);
    expect((await create(account, '275.40')).body).toMatchObject({
      error: 'amount_above_maximum',
    });

    await unannounced(
      'payouts.org_limits',
      'org_limits_terms_change',
      'update payouts.org_limits set max_amount_usd = 1000 where org_id = $1',
      [org_id],
    );
    expect((await create(account, '275.40')).body).toMatchObject({
      error: 'amount_above_maximum',
    });

    await database.query(
      'update payouts.org_limits set max_amount_usd = max_amount_usd where org_id = $1',
      [org_id],
    );
    await waitFor(async () => (await create(account, '275.40')).status === 202);
  });

  it('screens with the availability a statement elsewhere set once told', async () => {
    const account = await payouts.register();
    expect((await create(account, '54.00')).body).toMatchObject({ compliance_pending: false });

    await unannounced(
      'compliance.screening_settings',
      'screening_settings_change',
      'insert into compliance.screening_settings (id, available) values (true, false)',
      [],
    );
    expect((await create(account, '54.00')).body).toMatchObject({ compliance_pending: false });

    await database.query('update compliance.screening_settings set available = available');
    await waitFor(async () => (await create(account, '54.00')).body.compliance_pending === true);

    // The route's change is seen by the very next payout: its process forgot what it kept.
    const restored = await payouts.operator('PUT', '/admin/v1/payouts/screening', {
      available: true,
    });
    expect(restored.status).toBe(200);
    expect((await create(account, '54.00')).body).toMatchObject({ compliance_pending: false });
  });

  it('debits in the settlement asset a statement elsewhere set once told', async () => {
    const account = await payouts.register();
    const usd = await create(account, '54.00');
    expect(usd.status).toBe(202);
    expect(usd.body.settlement_asset).toBe('USD');

    const to_eur = `insert into ledger.account_settings (account_id, org_id, settlement_asset)
                    values ($1, $2, 'USDT')
                    on conflict (account_id) do update set settlement_asset = 'USDT'`;
    await unannounced('ledger.account_settings', 'account_settings_change', to_eur, [
      account.account_id,
      orgOf(account),
    ]);
    expect((await create(account, '54.00')).body.settlement_asset).toBe('USD');

    await database.query(
      'update ledger.account_settings set settlement_asset = settlement_asset where account_id = $1',
      [account.account_id],
    );
    await waitFor(async () => (await create(account, '54.00')).body.settlement_asset === 'USDT');
  });
});
