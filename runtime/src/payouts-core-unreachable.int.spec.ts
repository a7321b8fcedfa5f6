import type { Pool } from 'pg';
import { createPool } from '@platform/persistence';
import { PayoutsTestClient, pix, type PayoutBody } from './payouts-test-client';
import { startTestPlatform, type TestPlatform } from './test-platform';

/**
 * The ledger out of reach. At create, an account's settlement asset that cannot be read fails the
 * create with a retryable error instead of settling in a default asset. Spec §3: a pending payout
 * whose screening comes back `process` is debited then; when the ledger cannot be reached at that
 * moment the payout stays pending with `core_unreachable`, nothing debited, and is tried again at
 * the next step. (The second test takes the ledger down for the rest of the suite.)
 */
describe('payouts: the ledger unreachable', () => {
  let platform: TestPlatform;
  let client: PayoutsTestClient;
  let ledger_database: Pool;

  beforeAll(async () => {
    platform = await startTestPlatform('payoutcore', {
      SANDBOX_STEP_MS: '40',
      COMPLIANCE_SCREENING: 'unavailable',
    });
    client = new PayoutsTestClient(platform);
    ledger_database = createPool({
      url: platform.environments.test.database_url,
      schema: 'ledger',
      max_connections: 1,
    });
  });
  afterAll(async () => {
    await ledger_database.end();
    await platform.dispose();
  });

  /** Runs `work` while the ledger's account settings cannot be read (a table lock it waits on). */
  async function withSettlementUnreadable<T>(work: () => Promise<T>): Promise<T> {
    const lock = await ledger_database.connect();
    try {
      await lock.query('begin');
      await lock.query('lock table ledger.account_settings in access exclusive mode');
      return await work();
    } finally {
      await lock.query('rollback');
      lock.release();
    }
  }

  it("answers 503 recovery_pending when the account's settlement asset cannot be read; the retry with the key creates it", async () => {
    const account = await client.register();
    const settled = await fetch(`${client.base_url}/v1/settlement`, {
      method: 'PUT',
      headers: { ...account.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ settlement_asset: 'USDT' }),
    });
    expect(settled.status).toBe(200);
    const body = pix('27.00', { idempotency_key: `settlement-${Date.now()}` });

    const failed = await withSettlementUnreadable(() =>
      client.post('/v1/payouts', body, account.headers),
    );
    expect({ status: failed.status, body: await failed.json() }).toEqual({
      status: 503,
      body: { error: 'recovery_pending', message: expect.stringContaining('settlement asset') },
    });
    const listed = await client.get('/v1/payouts', account.headers);
    expect(((await listed.json()) as { payouts: unknown[] }).payouts).toEqual([]);

    const retried = await client.post('/v1/payouts', body, account.headers);
    expect(retried.status).toBe(202);
    expect(await retried.json()).toMatchObject({
      settlement_asset: 'USDT',
      total_debit: '5.000000',
      status_code: 'compliance_pending',
    });
  });

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
