import {
  payinsClient,
  payoutsClient,
  pix,
  tailPayoutChanges,
  verificationClient,
  type PayinsClient,
  type PayoutChanges,
  type PayoutsClient,
  type TestAccount,
} from '../clients';
import { startAllInOneOnly, type E2eAllInOnePlatform } from '../harness';

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
 * admin endpoint. The account is funded by the live payin path, operator-confirmed. All-in-one
 * only: no route approves a live account's KYC, so the suite writes the provider's approval.
 */
describe('payouts: live payouts through the manual connector', () => {
  let platform: E2eAllInOnePlatform;
  let live: PayinsClient;
  let payouts: PayoutsClient;
  let published: PayoutChanges;
  let account: TestAccount;
  let key_counter = 0;
  const operator = () => ({ token: platform.environments.live.operator_token });

  beforeAll(async () => {
    platform = await startAllInOneOnly({ label: 'payoutlive', live: true });
    live = payinsClient(platform.environments.live);
    payouts = payoutsClient(platform.environments.live);
    published = await tailPayoutChanges(platform.environments.live);
    account = await live.account('live-payout');
    // A live account is verified before it collects: the hosted page, then the operator approves.
    await verificationClient(platform.environments.live).approveLive(account);
    // A live payin through the manual connector, confirmed by the operator, funds the account.
    const payin = await live.request('POST', '/v1/payins', {
      token: account.access_token,
      body: { method: 'bank_transfer', country: 'US', currency: 'USD', amount: '50.00' },
    });
    expect(payin.status).toBe(201);
    const confirmed = await live.request(
      'POST',
      `/admin/v1/payins/${payin.body.payin_id as string}/confirm`,
      { ...operator(), body: {} },
    );
    expect(confirmed.body.status).toBe('credited');
    expect(await awaitUsd('50.00/0.00')).toBe('50.00/0.00');
  });

  afterAll(async () => {
    published.close();
    await platform.close();
  });

  /** The live USD balance (`available/held`) once it shows `expected`. */
  const awaitUsd = (expected: string) => payouts.awaitBalance(account, expected);

  /** The payout's status changes as published, once there are `count`. */
  const statusChanges = async (payout_id: string, count: number) =>
    (await published.awaitOf(payout_id, count)).map((event) => ({
      type: event.type,
      status: event.data.status,
      status_code: event.data.status_code,
    }));

  const createPayout = async (amount: string) => {
    const created = await live.request<LivePayout>('POST', '/v1/payouts', {
      token: account.access_token,
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
    const confirmed = await live.request<LivePayout>('POST', route, { ...operator(), body: {} });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'completed', status_code: 'completed' });
    const read = await live.request<LivePayout>('GET', `/v1/payouts/${payout.payout_id}`, {
      token: account.access_token,
    });
    expect(read.body).toMatchObject({ status: 'completed', funds_debited: true });
    expect(await awaitUsd('40.00/0.00')).toBe('40.00/0.00');
    expect(await statusChanges(payout.payout_id, 2)).toEqual([
      {
        type: 'payouts.payout_status_changed',
        status: 'processing',
        status_code: 'manual_dispatch',
      },
      { type: 'payouts.payout_status_changed', status: 'completed', status_code: 'completed' },
    ]);
    // A decided payout is not decided again.
    const again = await live.request('POST', route, { ...operator(), body: {} });
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
      { ...operator(), body: { reason: 'beneficiary bank closed' } },
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      status: 'failed',
      status_code: 'manual_rejected',
      funds_debited: false,
    });
    expect(await awaitUsd('40.00/0.00')).toBe('40.00/0.00');
    expect((await statusChanges(payout.payout_id, 2)).map((change) => change.status_code)).toEqual([
      'manual_dispatch',
      'manual_rejected',
    ]);
  });
});
