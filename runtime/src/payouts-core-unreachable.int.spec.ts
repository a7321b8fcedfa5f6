import { PayoutsTestClient, pix, type PayoutBody } from './payouts-test-client';
import { startTestPlatform, type TestPlatform } from './test-platform';

/**
 * Spec §3: a pending payout whose screening comes back `process` is debited then; when the
 * ledger cannot be reached at that moment the payout stays pending with `core_unreachable`,
 * nothing debited, and is tried again at the next step.
 */
describe('payouts: the ledger unreachable after a late screening', () => {
  let platform: TestPlatform;
  let client: PayoutsTestClient;

  beforeAll(async () => {
    platform = await startTestPlatform('payoutcore', {
      SANDBOX_STEP_MS: '40',
      COMPLIANCE_SCREENING: 'unavailable',
    });
    client = new PayoutsTestClient(platform);
  });
  afterAll(async () => platform.dispose());

  it('answers core_unreachable with no debit while the ledger is down', async () => {
    const account = await client.register();
    const response = await client.post(
      '/v1/payouts',
      pix('27.00', { idempotency_key: `core-${Date.now()}` }),
      account.headers,
    );
    const payout = (await response.json()) as PayoutBody;
    expect(payout.status_code).toBe('compliance_pending');

    // The ledger goes away (its process died), then screening answers again.
    const ledger = platform.environments.test.services.find((service) => service.name === 'ledger');
    await ledger!.close();
    const restored = await client.admin('PUT', '/admin/v1/payouts/screening', { available: true });
    expect(restored.status).toBe(200);

    const waiting = await client.awaitPayout(
      account,
      payout.payout_id,
      (p) => p.status_code === 'core_unreachable',
    );
    expect(waiting).toMatchObject({
      status: 'pending',
      status_code: 'core_unreachable',
      funds_debited: false,
      receipt_url: null,
    });
  });
});
