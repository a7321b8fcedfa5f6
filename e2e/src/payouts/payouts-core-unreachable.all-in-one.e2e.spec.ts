import type { Pool } from 'pg';
import { createPool } from '@platform/persistence';
import { payoutsClient, pix, recentDay, type PayoutsClient } from '../clients';
import { startAllInOneOnly, type E2eAllInOnePlatform } from '../harness';

/**
 * The ledger out of reach. At create, an account's settlement asset that cannot be read fails the
 * create with a retryable error instead of settling in a default asset. Spec §3: a pending payout
 * whose screening comes back `process` is debited then; when the ledger cannot be reached at that
 * moment the payout stays pending with `core_unreachable`, nothing debited, and is tried again at
 * the next step. (The second test takes the ledger down for the rest of the suite.) All-in-one
 * only: no route can make the ledger unreachable, so a table lock and a closed service do.
 */
describe('payouts: the ledger unreachable', () => {
  let platform: E2eAllInOnePlatform;
  let payouts: PayoutsClient;
  let ledger_database: Pool;

  beforeAll(async () => {
    platform = await startAllInOneOnly({
      label: 'payoutcore',
      settings: { SANDBOX_STEP_MS: '40', COMPLIANCE_SCREENING: 'unavailable' },
    });
    payouts = payoutsClient(platform.environments.test);
    ledger_database = createPool({
      url: platform.internals('test').database_url,
      schema: 'ledger',
      max_connections: 1,
    });
  });
  afterAll(async () => {
    await ledger_database.end();
    await platform.close();
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
    const account = await payouts.register();
    const settled = await payouts.request('PUT', '/v1/settlement', {
      headers: account.headers,
      body: { settlement_asset: 'USDT' },
    });
    expect(settled.status).toBe(200);
    const body = pix('27.00', { idempotency_key: `settlement-${Date.now()}` });

    const failed = await withSettlementUnreadable(() => payouts.create(account, body));
    expect(failed).toEqual({
      status: 503,
      body: {
        error: 'recovery_pending',
        message: expect.stringContaining('settlement asset'),
        request_id: expect.any(String),
      },
    });
    const listed = await payouts.request('GET', `/v1/payouts?from=${recentDay()}`, {
      headers: account.headers,
    });
    expect(((await listed.json()) as { payouts: unknown[] }).payouts).toEqual([]);

    const retried = await payouts.create(account, body);
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({
      settlement_asset: 'USDT',
      total_debit: '5.000000',
      status_code: 'compliance_pending',
    });
  });

  it('answers core_unreachable with no debit while the ledger is down', async () => {
    const account = await payouts.register();
    const { body: payout } = await payouts.create(
      account,
      pix('27.00', { idempotency_key: `core-${Date.now()}` }),
    );
    expect(payout.status_code).toBe('compliance_pending');

    // The ledger goes away (its process died), then screening answers again.
    const ledger = platform.internals('test').services.find((service) => service.name === 'ledger');
    await ledger!.close();
    const restored = await payouts.operator('PUT', '/admin/v1/payouts/screening', {
      available: true,
    });
    expect(restored.status).toBe(200);

    const waiting = await payouts.awaitPayout(
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
