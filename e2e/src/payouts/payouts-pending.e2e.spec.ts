import { payoutsClient, pix, shifted, tailPayoutChanges, type PayoutsClient } from '../clients';
import { startPlatform, type E2ePlatform } from '../harness';

/** Spec §3 first row: screening unavailable while the queue is: pending, nothing debited. */
describe('payouts: screening unavailable', () => {
  let platform: E2ePlatform;
  let payouts: PayoutsClient;

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'payoutpend',
      settings: { SANDBOX_STEP_MS: '40', COMPLIANCE_SCREENING: 'unavailable' },
    });
    payouts = payoutsClient(platform.environments.test);
  });
  afterAll(async () => platform.close());

  const screening = (available: boolean) =>
    payouts.operator('PUT', '/admin/v1/payouts/screening', { available });

  it('accepts the payout as pending with compliance_pending, no debit and no receipt', async () => {
    const account = await payouts.register();
    const before = await payouts.balance(account);
    const created = await payouts.create(
      account,
      pix('54.00', { idempotency_key: `pending-${Date.now()}` }),
    );
    expect(created.status).toBe(202);
    const payout = created.body;
    expect(payout).toMatchObject({
      status: 'pending',
      status_code: 'compliance_pending',
      compliance_pending: true,
      funds_debited: false,
      predebit_failure: false,
      receipt_url: null,
    });
    // Screening is retried at every step and stays unavailable: still pending, still no debit.
    // No route shows a retry, so the payout is read over many steps (the 20th read is checked).
    let reads = 0;
    const later = await payouts.awaitPayout(account, payout.payout_id, () => ++reads >= 20);
    expect(later).toMatchObject({
      status: 'pending',
      compliance_pending: true,
      funds_debited: false,
    });
    expect(await payouts.balance(account)).toBe(before);
    const receipt = await payouts.request('GET', `/v1/payouts/${payout.payout_id}/receipt`, {
      headers: account.headers,
    });
    expect(receipt.status).toBe(409);
    expect(await receipt.json()).toMatchObject({ error: 'receipt_not_available' });
  });

  it('debits and dispatches a pending payout once screening answers again', async () => {
    const account = await payouts.register();
    const before = await payouts.balance(account);
    // Tailed before the create: its compliance_pending change is among those checked.
    const published = await tailPayoutChanges(platform.environments.test);
    try {
      const { body: payout } = await payouts.create(
        account,
        pix('27.00', { idempotency_key: `recover-${Date.now()}` }),
      );
      expect(payout.status_code).toBe('compliance_pending');
      const restored = await screening(true);
      expect(restored.status).toBe(200);
      const done = await payouts.awaitPayout(
        account,
        payout.payout_id,
        (p) => p.status === 'completed',
      );
      expect(done).toMatchObject({
        status: 'completed',
        funds_debited: true,
        compliance_pending: false,
      });
      expect(await payouts.awaitBalance(account, shifted(before, '-5'))).toBe(
        shifted(before, '-5'),
      );
      const changes = (
        await published.awaitOf(payout.payout_id, (seen) =>
          seen.some((change) => change.data.status_code === 'completed'),
        )
      ).map((change) => change.data);
      const codes = changes.map((change) => change.status_code);
      expect(codes).toEqual(
        expect.arrayContaining([
          'compliance_pending',
          'compliance_dispatch_pending',
          'compliance_dispatching',
          'rail_submitted',
          'completed',
        ]),
      );
      const dispatch_pending = changes.find(
        (change) => change.status_code === 'compliance_dispatch_pending',
      );
      expect(dispatch_pending).toMatchObject({ status: 'pending', funds_debited: true });
    } finally {
      await screening(false);
      published.close();
    }
  });
});
