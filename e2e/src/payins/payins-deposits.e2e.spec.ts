import Big from 'big.js';
import { startPlatform, type E2ePlatform } from '../harness';
import {
  eventsClient,
  eventually,
  json,
  ledgerClient,
  payinsClient,
  type PayinsClient,
  type TestAccount,
} from '../clients';

interface MovementRow {
  asset: string;
  amount: string;
  kind: string;
  reference_id: string;
}

/**
 * A payin end to end, driven over HTTP like a client would: the sandbox's stand-in for a payer's
 * bank transfer into the account's own deposit account is credited like any payin, and the credit
 * shows in the balance, the movements and the account's event history. On the distributed
 * runtime payins, the ledger and notifications are processes of their own on Kafka.
 */
describe('payins: sandbox deposits credited end to end', () => {
  let platform: E2ePlatform;
  let payins: PayinsClient;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'payindeposit', settings: { SANDBOX_STEP_MS: '50' } });
    payins = payinsClient(platform.environments.test);
  });
  afterAll(async () => platform.close());

  const ledger = ledgerClient(() => platform.environments.test);
  const events = eventsClient(() => platform.environments.test);

  const movementsOf = async (owner: TestAccount) =>
    (
      await json<{ movements: MovementRow[] }>(
        await ledger.call('GET', '/v1/movements?page_size=100', owner.headers),
        200,
      )
    ).movements;

  it('credits a deposit into the balance, the movements and the event history', async () => {
    const owner = await payins.account('deposit-owner');
    const before = await ledger.available(owner, 'USD');
    const usd = await payins.openDepositAccount(owner, 'US', 'USD');
    const arrived = await payins.deposit(owner, usd.deposit_account_id, {
      amount: '250.00',
      payer: { name: 'Lucia Perez', bank: 'Banco Uno', account_number: '012180001234567891' },
    });
    expect(arrived.status).toBe(201);
    expect(arrived.body).toMatchObject({
      method: 'deposit_account',
      status: 'pending',
      country: 'US',
      currency: 'USD',
      local_amount: '250.00',
      deposit_account_id: usd.deposit_account_id,
    });

    const credited = await payins.awaitSettled(owner, arrived.body.payin_id);
    expect(credited).toMatchObject({ status: 'credited', credit_asset: 'USD' });
    expect(credited.usdt_credited).toMatch(/^\d+\.\d{2}$/);
    const usdt_credited = credited.usdt_credited!;
    expect(new Big(usdt_credited).gt(0)).toBe(true);

    const expected = new Big(before).plus(usdt_credited).toFixed(2);
    expect(
      await eventually(
        () => ledger.available(owner, 'USD'),
        (seen) => seen === expected,
      ),
    ).toBe(expected);
    // Movements are a projection: the credit shows there once it has been applied.
    const of_payin = await eventually(
      async () =>
        (await movementsOf(owner)).filter((row) => row.reference_id === credited.payin_id),
      (rows) => rows.length > 0,
    );
    expect(of_payin).toEqual([
      expect.objectContaining({ asset: 'USD', amount: usdt_credited, kind: 'payin' }),
    ]);

    const history = await eventually(
      () => events.listed(owner.access_token, '?types=payin_credited'),
      (listed) => listed.length > 0,
    );
    expect(history).toEqual([
      expect.objectContaining({
        type: 'payin_credited',
        data: expect.objectContaining({
          payin_id: credited.payin_id,
          account_id: owner.account_id,
          currency: 'USD',
          local_amount: '250.00',
          usdt_credited,
        }),
      }),
    ]);
  });

  it('fails a deposit the sandbox declines (.99) and credits nothing', async () => {
    const owner = await payins.account('deposit-declined');
    const before = await ledger.available(owner, 'USD');
    const usd = await payins.openDepositAccount(owner, 'US', 'USD');
    const failing = await payins.deposit(owner, usd.deposit_account_id, { amount: '80.99' });
    expect(failing.status).toBe(201);
    const failed = await payins.awaitSettled(owner, failing.body.payin_id);
    expect(failed).toMatchObject({
      status: 'failed',
      failure: { origin: 'provider', code: 'collection_declined' },
    });
    expect(await ledger.available(owner, 'USD')).toBe(before);
    expect(
      (await movementsOf(owner)).filter((row) => row.reference_id === failed.payin_id),
    ).toEqual([]);
  });
});
