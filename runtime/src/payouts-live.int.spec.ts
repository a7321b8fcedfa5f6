import { PgEventStore } from '@platform/event-store';
import { createPool } from '@platform/persistence';
import type { Pool } from 'pg';
import { payinsClient, type PayinsClient } from './payins-int-client';
import { pix } from './payouts-test-client';
import { startTestPlatform, TEST_OPERATOR_TOKEN, type TestPlatform } from './test-platform';

interface LivePayout {
  payout_id: string;
  status: string;
  status_code: string;
  funds_debited: boolean;
  total_debit: string;
  [field: string]: unknown;
}

/**
 * A live payout (decisions D7): the live environment dispatches every payout through the manual
 * connector (`status_code: manual_dispatch`) and an operator confirms or rejects it through the
 * admin endpoint. The account is funded by the live payin path, operator-confirmed.
 */
describe('payouts: live payouts through the manual connector', () => {
  let platform: TestPlatform;
  let live: PayinsClient;
  let payout_pool: Pool;
  let payout_events: PgEventStore;
  let account: { token: string; account_id: string };
  let key_counter = 0;
  const operator = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };

  beforeAll(async () => {
    platform = await startTestPlatform('payoutlive');
    live = payinsClient(platform, 'live');
    payout_pool = createPool({
      url: platform.environments.live.database_url,
      schema: 'payouts',
      max_connections: 1,
    });
    payout_events = new PgEventStore(payout_pool, {
      schema: 'payouts_events',
      environment: 'live',
    });
    account = await live.account('live-payout');
    // The live environment has no sandbox verification: stand in for the provider's approval.
    const identity = createPool({
      url: platform.environments.live.database_url,
      schema: 'identity',
      max_connections: 1,
    });
    await identity.query("update accounts set kyc_status = 'approved' where id = $1", [
      account.account_id,
    ]);
    await identity.end();
    // A live payin through the manual connector, confirmed by the operator, funds the account.
    const payin = await live.request('POST', '/v1/payins', {
      token: account.token,
      body: { method: 'bank_transfer', country: 'US', currency: 'USD', amount: '50.00' },
    });
    expect(payin.status).toBe(201);
    const confirmed = await live.request(
      'POST',
      `/admin/v1/payins/${payin.body.payin_id as string}/confirm`,
      { headers: operator, body: {} },
    );
    expect(confirmed.body.status).toBe('credited');
    expect(await awaitUsd('50.00/0.00')).toBe('50.00/0.00');
  });

  afterAll(async () => {
    await payout_pool.end();
    await live.close();
    await platform.dispose();
  });

  /** The live USD balance (`available/held`) once it shows `expected`, or the last read. */
  async function awaitUsd(expected: string): Promise<string> {
    const read = async () => {
      const answer = await live.request<{
        balances: { asset: string; available: string; held: string }[];
      }>('GET', '/v1/balances', { token: account.token });
      const usd = answer.body.balances.find((balance) => balance.asset === 'USD');
      return usd ? `${usd.available}/${usd.held}` : '';
    };
    return live.eventually(read, (seen) => seen === expected);
  }

  const statusChanges = async (payout_id: string) =>
    (await payout_events.readStream(`payout-${payout_id}`)).map((event) => ({
      type: event.type,
      status: (event.data as { status: string }).status,
      status_code: (event.data as { status_code: string }).status_code,
    }));

  const createPayout = async (amount: string) => {
    const created = await live.request<LivePayout>('POST', '/v1/payouts', {
      token: account.token,
      body: pix(amount, { idempotency_key: `live-payout-${Date.now()}-${++key_counter}` }),
    });
    expect(created.status).toBe(202);
    expect(created.headers.get('service-environment')).toBe('live');
    return created.body;
  };

  it('waits in manual_dispatch with the debit held until the operator confirms it', async () => {
    // 54.00 BRL is 10.00 USD at the rate table.
    const payout = await createPayout('54.00');
    expect(payout).toMatchObject({
      status: 'processing',
      status_code: 'manual_dispatch',
      funds_debited: true,
      total_debit: '10.00',
    });
    expect(await awaitUsd('40.00/10.00')).toBe('40.00/10.00');

    const route = `/admin/v1/payouts/${payout.payout_id}/confirm`;
    expect((await live.request('POST', route, { body: {} })).status).toBe(401);
    const confirmed = await live.request<LivePayout>('POST', route, {
      headers: operator,
      body: {},
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'completed', status_code: 'completed' });
    const read = await live.request<LivePayout>('GET', `/v1/payouts/${payout.payout_id}`, {
      token: account.token,
    });
    expect(read.body).toMatchObject({ status: 'completed', funds_debited: true });
    expect(await awaitUsd('40.00/0.00')).toBe('40.00/0.00');
    expect(await statusChanges(payout.payout_id)).toEqual([
      {
        type: 'payouts.payout_status_changed',
        status: 'processing',
        status_code: 'manual_dispatch',
      },
      { type: 'payouts.payout_status_changed', status: 'completed', status_code: 'completed' },
    ]);
    // A decided payout is not decided again.
    const again = await live.request('POST', route, { headers: operator, body: {} });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'already_decided' });
  });

  it('refunds the debit when the operator rejects it', async () => {
    const payout = await createPayout('27.00');
    expect(payout).toMatchObject({ status_code: 'manual_dispatch', total_debit: '5.00' });
    expect(await awaitUsd('35.00/5.00')).toBe('35.00/5.00');
    const rejected = await live.request<LivePayout>(
      'POST',
      `/admin/v1/payouts/${payout.payout_id}/reject`,
      { headers: operator, body: { reason: 'beneficiary bank closed' } },
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      status: 'failed',
      status_code: 'manual_rejected',
      funds_debited: false,
    });
    expect(await awaitUsd('40.00/0.00')).toBe('40.00/0.00');
    expect((await statusChanges(payout.payout_id)).map((change) => change.status_code)).toEqual([
      'manual_dispatch',
      'manual_rejected',
    ]);
  });
});
