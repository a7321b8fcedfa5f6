import { LEDGER_COMMANDS } from '@platform/contracts';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { createPool } from '@platform/persistence';
import { eventually, payoutsClient, pix, type PayoutsClient } from '../clients';
import { startAllInOneOnly, type E2eAllInOnePlatform } from '../harness';

/**
 * A process that dies between taking a payout's idempotency key and saving the payout leaves a
 * claim and possibly a ledger hold behind. Recovery gives both back, so the client's retry with
 * the same key creates the payout once, and no money stays reserved for nothing. All-in-one only:
 * what a dead process leaves (a claim row, a ledger hold) is written by hand in the database and
 * on the bus, and only the database shows the claim gone.
 */
describe('payouts: recovery of a create cut short', () => {
  let platform: E2eAllInOnePlatform;
  let payouts: PayoutsClient;
  let pool: Pool;

  beforeAll(async () => {
    platform = await startAllInOneOnly({
      label: 'payoutrecover',
      settings: { SANDBOX_STEP_MS: '40', PAYOUTS_CLAIM_RECOVERY_MS: '1000' },
    });
    payouts = payoutsClient(platform.environments.test);
    pool = createPool({
      url: platform.internals('test').database_url,
      schema: 'payouts',
      max_connections: 2,
    });
  });
  afterAll(async () => {
    await pool.end();
    await platform.close();
  });

  /**
   * What a create leaves when its process dies after taking the key: its claim, an hour old, so
   * that recovery takes it at its next look.
   */
  async function leaveClaim(account_id: string, payout_id: string, key: string) {
    await pool.query(
      `insert into payouts (payout_id, account_id, org_id, idempotency_key, request_fingerprint, created_at)
       values ($1, $2, 'demo', $3, 'fingerprint-of-the-dead-request', now() - interval '1 hour')`,
      [payout_id, account_id, key],
    );
  }

  /** The hold a create places before it saves the payout. */
  async function leaveHold(account_id: string, payout_id: string, held_usd: string) {
    const reply = (await platform.internals('test').bus.request(LEDGER_COMMANDS.place_hold.name, {
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

  /** True once recovery has removed the claim. */
  const claimGone = (payout_id: string): Promise<boolean> =>
    eventually(
      async () => {
        const { rowCount } = await pool.query('select 1 from payouts where payout_id = $1', [
          payout_id,
        ]);
        return rowCount === 0;
      },
      (gone) => gone,
    );

  it('releases the hold, frees the key, and the retry with that key creates one payout', async () => {
    const account = await payouts.register();
    const before = await payouts.balance(account);
    const key = `crashed-${Date.now()}`;
    const dead_payout_id = randomUUID();
    // The hold is left, and seen, before the claim: recovery looks every 250 ms here and takes
    // the claim at once, so a hold placed after it would never be given back.
    await leaveHold(account.account_id, dead_payout_id, '25.00');
    const held = await eventually(
      () => payouts.balance(account),
      (seen) => seen !== before,
    );
    expect(held).not.toBe(before);
    await leaveClaim(account.account_id, dead_payout_id, key);

    expect(await claimGone(dead_payout_id)).toBe(true);
    expect(await payouts.awaitBalance(account, before)).toBe(before);

    const retried = await payouts.create(account, pix('54.00', { idempotency_key: key }));
    expect(retried.status).toBe(202);
    const payout = retried.body;
    expect(payout.payout_id).not.toBe(dead_payout_id);
    const replay = await payouts.create(account, pix('54.00', { idempotency_key: key }));
    expect(replay.body.payout_id).toBe(payout.payout_id);
  });

  it('frees the key of a create that died before placing any hold', async () => {
    const account = await payouts.register();
    const dead_payout_id = randomUUID();
    await leaveClaim(account.account_id, dead_payout_id, `no-hold-${Date.now()}`);
    expect(await claimGone(dead_payout_id)).toBe(true);
  });
});
