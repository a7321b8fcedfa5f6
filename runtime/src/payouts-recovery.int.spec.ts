import { LEDGER_COMMANDS } from '@platform/contracts';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { createPool } from '@platform/persistence';
import { PayoutsTestClient, pix, type PayoutBody } from './payouts-test-client';
import { startTestPlatform, type TestPlatform } from './test-platform';

/**
 * A process that dies between taking a payout's idempotency key and saving the payout leaves a
 * claim and possibly a ledger hold behind. Recovery gives both back, so the client's retry with
 * the same key creates the payout once, and no money stays reserved for nothing.
 */
describe('payouts: recovery of a create cut short', () => {
  let platform: TestPlatform;
  let client: PayoutsTestClient;
  let pool: Pool;

  beforeAll(async () => {
    platform = await startTestPlatform('payoutrecover', {
      SANDBOX_STEP_MS: '40',
      PAYOUTS_CLAIM_RECOVERY_MS: '1000',
    });
    client = new PayoutsTestClient(platform);
    pool = createPool({
      url: platform.environments.test.database_url,
      schema: 'payouts',
      max_connections: 2,
    });
  });
  afterAll(async () => {
    await pool.end();
    await platform.dispose();
  });

  /** What a create leaves when its process dies after the hold and before saving the payout. */
  async function crashedCreate(account_id: string, key: string, held_usd: string | null) {
    const payout_id = randomUUID();
    await pool.query(
      `insert into payouts (payout_id, account_id, org_id, idempotency_key, request_fingerprint, created_at)
       values ($1, $2, 'demo', $3, 'fingerprint-of-the-dead-request', now() - interval '1 hour')`,
      [payout_id, account_id, key],
    );
    if (held_usd !== null) {
      const reply = (await platform.environments.test.bus.request(LEDGER_COMMANDS.place_hold.name, {
        account_id,
        operation_id: `payout-hold:${payout_id}`,
        hold_id: `payout:${payout_id}`,
        asset: 'USD',
        amount: held_usd,
        kind: 'payout',
        reference_id: payout_id,
      })) as { ok: boolean };
      expect(reply.ok).toBe(true);
    }
    return payout_id;
  }

  async function claimGone(payout_id: string): Promise<boolean> {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const { rowCount } = await pool.query('select 1 from payouts where payout_id = $1', [
        payout_id,
      ]);
      if (rowCount === 0) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  }

  it('releases the hold, frees the key, and the retry with that key creates one payout', async () => {
    const account = await client.register();
    const before = await client.balance(account, 'USD');
    const key = `crashed-${Date.now()}`;
    const dead_payout_id = await crashedCreate(account.account_id, key, '25.00');
    expect(await client.balance(account, 'USD')).not.toBe(before);

    expect(await claimGone(dead_payout_id)).toBe(true);
    expect(await client.balance(account, 'USD')).toBe(before);

    const retried = await client.post(
      '/v1/payouts',
      pix('54.00', { idempotency_key: key }),
      account.headers,
    );
    expect(retried.status).toBe(202);
    const payout = (await retried.json()) as PayoutBody;
    expect(payout.payout_id).not.toBe(dead_payout_id);
    const replay = await client.post(
      '/v1/payouts',
      pix('54.00', { idempotency_key: key }),
      account.headers,
    );
    expect(((await replay.json()) as PayoutBody).payout_id).toBe(payout.payout_id);
  });

  it('frees the key of a create that died before placing any hold', async () => {
    const account = await client.register();
    const dead_payout_id = await crashedCreate(account.account_id, `no-hold-${Date.now()}`, null);
    expect(await claimGone(dead_payout_id)).toBe(true);
  });
});
