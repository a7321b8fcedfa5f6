import Big from 'big.js';
import { startPlatform, type E2ePlatform } from '../harness';
import { pix, payoutsClient, shifted, type PayoutsClient, type TestAccount } from '../clients';

/**
 * Issue 5, the payout lifecycle driven over HTTP like a client would. A pix payout completes with
 * the balance debited, a `.99` payout is rejected by the sandbox rail with the debit refunded, and
 * a replayed idempotency key answers the original payout. On the distributed runtime the gateway,
 * identity, ledger, compliance, payouts and notifications talk over Kafka.
 */
describe('payouts smoke test', () => {
  let platform: E2ePlatform;
  let payouts: PayoutsClient;
  let account: TestAccount;
  let key_counter = 0;
  const newKey = () => `smoke-${Date.now()}-${++key_counter}`;

  beforeAll(async () => {
    // Each simulated rail step is short, so a payout settles within a few seconds.
    platform = await startPlatform({ label: 'payoutsmoke', settings: { SANDBOX_STEP_MS: '50' } });
    payouts = payoutsClient(platform.environments.test);
    account = await payouts.register();
  });
  afterAll(async () => platform.close());

  it('completes a pix payout with the balance debited', async () => {
    const base = await payouts.balance(account);
    // The sandbox demo history (D5) funds the account.
    expect(new Big(base.split('/')[0]!).gt(100)).toBe(true);
    const created = await payouts.create(account, pix('27.00', { idempotency_key: newKey() }));
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ status: 'processing', funds_debited: true });
    const done = await payouts.awaitPayout(account, created.body.payout_id);
    expect(done).toMatchObject({
      payout_id: created.body.payout_id,
      status: 'completed',
      status_code: 'completed',
      funds_debited: true,
      local_amount: '27.00',
      total_debit: '5.00',
    });
    const expected = shifted(base, '-5.00');
    expect(await payouts.awaitBalance(account, expected)).toBe(expected);
  });

  it('fails a .99 payout at the rail and refunds the debit', async () => {
    const base = await payouts.balance(account);
    const created = await payouts.create(
      account,
      pix('10.99', {
        idempotency_key: newKey(),
        beneficiary: { name: 'Bia', account_number: `bia-${key_counter}@example.com` },
      }),
    );
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ status: 'processing', funds_debited: true });
    const failed = await payouts.awaitPayout(account, created.body.payout_id);
    expect(failed).toMatchObject({
      status: 'failed',
      status_code: 'rail_rejected',
      funds_debited: false,
      predebit_failure: false,
    });
    expect(await payouts.awaitBalance(account, base)).toBe(base);
  });

  it('answers a replayed idempotency key with the same payout and debits once', async () => {
    const idempotency_key = newKey();
    const base = await payouts.balance(account);
    const first = await payouts.create(account, pix('54.00', { idempotency_key }));
    expect(first.status).toBe(202);
    const replay = await payouts.create(account, pix('54.00', { idempotency_key }));
    expect(replay.status).toBe(202);
    expect(replay.body).toEqual(first.body);
    expect(await payouts.awaitPayout(account, first.body.payout_id)).toMatchObject({
      status: 'completed',
    });
    const expected = shifted(base, `-${first.body.total_debit}`);
    expect(first.body.total_debit).toBe('10.00');
    expect(await payouts.awaitBalance(account, expected)).toBe(expected);
  });
});
