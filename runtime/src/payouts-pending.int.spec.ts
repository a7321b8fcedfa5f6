import {
  collectPayoutEvents,
  PayoutsTestClient,
  pix,
  shifted,
  type PayoutBody,
} from './payouts-test-client';
import { startTestPlatform, type TestPlatform } from './test-platform';

/** Spec §3 first row: screening unavailable while the queue is: pending, nothing debited. */
describe('payouts: screening unavailable', () => {
  let platform: TestPlatform;
  let client: PayoutsTestClient;

  beforeAll(async () => {
    platform = await startTestPlatform('payoutpend', {
      SANDBOX_STEP_MS: '40',
      COMPLIANCE_SCREENING: 'unavailable',
    });
    client = new PayoutsTestClient(platform);
  });
  afterAll(async () => platform.dispose());

  it('accepts the payout as pending with compliance_pending, no debit and no receipt', async () => {
    const account = await client.register();
    const before = await client.balance(account, 'USD');
    const response = await client.post(
      '/v1/payouts',
      pix('54.00', { idempotency_key: `pending-${Date.now()}` }),
      account.headers,
    );
    expect(response.status).toBe(202);
    const payout = (await response.json()) as PayoutBody;
    expect(payout).toMatchObject({
      status: 'pending',
      status_code: 'compliance_pending',
      compliance_pending: true,
      funds_debited: false,
      predebit_failure: false,
      receipt_url: null,
    });
    // Screening is retried at every step and stays unavailable: still pending, still no debit.
    const later = await client.awaitPayout(account, payout.payout_id, () => false, 20);
    expect(later).toMatchObject({
      status: 'pending',
      compliance_pending: true,
      funds_debited: false,
    });
    expect(await client.balance(account, 'USD')).toBe(before);
    const receipt = await client.get(`/v1/payouts/${payout.payout_id}/receipt`, account.headers);
    expect(receipt.status).toBe(409);
    expect(await receipt.json()).toMatchObject({ error: 'receipt_not_available' });
  });

  it('debits and dispatches a pending payout once screening answers again', async () => {
    const account = await client.register();
    const before = await client.balance(account, 'USD');
    const response = await client.post(
      '/v1/payouts',
      pix('27.00', { idempotency_key: `recover-${Date.now()}` }),
      account.headers,
    );
    const payout = (await response.json()) as PayoutBody;
    expect(payout.status_code).toBe('compliance_pending');
    const events = await collectPayoutEvents(platform);
    try {
      const restored = await client.admin('PUT', '/admin/v1/payouts/screening', {
        available: true,
      });
      expect(restored.status).toBe(200);
      const done = await client.awaitPayout(
        account,
        payout.payout_id,
        (p) => p.status === 'completed',
      );
      expect(done).toMatchObject({
        status: 'completed',
        funds_debited: true,
        compliance_pending: false,
      });
      expect(await client.awaitBalance(account, 'USD', shifted(before, '-5'))).toBe(
        shifted(before, '-5'),
      );
      const codes = events.of(payout.payout_id).map((change) => change.status_code);
      expect(codes).toEqual(
        expect.arrayContaining([
          'compliance_pending',
          'compliance_dispatch_pending',
          'compliance_dispatching',
          'rail_submitted',
          'completed',
        ]),
      );
      const dispatch_pending = events
        .of(payout.payout_id)
        .find((change) => change.status_code === 'compliance_dispatch_pending');
      expect(dispatch_pending).toMatchObject({ status: 'pending', funds_debited: true });
    } finally {
      await client.admin('PUT', '/admin/v1/payouts/screening', { available: false });
      await events.subscription.close();
    }
  });
});
