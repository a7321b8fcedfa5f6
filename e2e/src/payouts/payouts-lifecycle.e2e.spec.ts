import {
  payoutsClient,
  pix,
  shifted,
  tailPayoutChanges,
  type PayoutBody,
  type PayoutChanges,
  type PayoutsClient,
  type TestAccount,
} from '../clients';
import { startPlatform, type E2ePlatform } from '../harness';

/** The payout state table of spec §3 and the sandbox magic values of D6, over HTTP. */
describe('payouts: lifecycle, reviews, manual dispatch and events', () => {
  let platform: E2ePlatform;
  let payouts: PayoutsClient;
  let published: PayoutChanges;
  let key_counter = 0;
  const newKey = () => `life-${Date.now()}-${++key_counter}`;
  const final = (payout: PayoutBody) => payout.status === 'completed' || payout.status === 'failed';

  beforeAll(async () => {
    platform = await startPlatform({ label: 'payoutlife', settings: { SANDBOX_STEP_MS: '50' } });
    payouts = payoutsClient(platform.environments.test);
    published = await tailPayoutChanges(platform.environments.test);
  });
  afterAll(async () => {
    published.close();
    await platform.close();
  });

  /** A new account and its USD balance (`available/held`) before any payout. */
  const fundedAccount = async (): Promise<TestAccount & { base: string }> => {
    const account = await payouts.register();
    return { ...account, base: await payouts.balance(account) };
  };
  const expectBalance = async (
    account: TestAccount & { base: string },
    available_delta: string,
    held_delta = '0',
  ) => {
    const expected = shifted(account.base, available_delta, held_delta);
    expect(await payouts.awaitBalance(account, expected)).toBe(expected);
  };

  /** The data of the payout's status changes, once `count` were published. */
  const awaitEvents = async (payout_id: string, count: number) =>
    (await published.awaitOf(payout_id, count)).map((change) => change.data);

  /** An operator's decision on a payout (`/admin/v1/payouts/{id}/...`). */
  const decide = (payout_id: string, decision: string) =>
    payouts.operator('POST', `/admin/v1/payouts/${payout_id}/${decision}`, {});

  it('completes a payout and announces each change with the contract fields', async () => {
    const account = await fundedAccount();
    const idempotency_key = newKey();
    const created = await payouts.create(account, pix('27.00', { idempotency_key }));
    const done = await payouts.awaitPayout(account, created.body.payout_id, final);
    expect(done.status).toBe('completed');
    const changes = await awaitEvents(created.body.payout_id, 2);
    expect(changes.map((change) => change.status_code)).toEqual(['rail_submitted', 'completed']);
    expect(changes[1]).toEqual({
      payout_id: created.body.payout_id,
      account_id: account.account_id,
      country: 'BR',
      currency: 'BRL',
      local_amount: '27.00',
      usdt_amount: '5.000000',
      total_debit: '5.00',
      status: 'completed',
      status_code: 'completed',
      status_message: expect.any(String),
      funds_debited: true,
      predebit_failure: false,
      compliance_pending: false,
      receipt_url: `/v1/payouts/${created.body.payout_id}/receipt`,
      settlement_asset: 'USD',
      idempotency_key,
    });
  });

  it('fails a .99 payout at the rail with the debit refunded, then guards the destination', async () => {
    const account = await fundedAccount();
    const destination = { name: 'Bia', account_number: 'bia-rejected@example.com' };
    const created = await payouts.create(
      account,
      pix('10.99', { idempotency_key: newKey(), beneficiary: destination }),
    );
    expect(created.body).toMatchObject({ status: 'processing', funds_debited: true });
    const failed = await payouts.awaitPayout(account, created.body.payout_id, final);
    expect(failed).toMatchObject({
      status: 'failed',
      status_code: 'rail_rejected',
      funds_debited: false,
      predebit_failure: false,
    });
    await expectBalance(account, '0');
    const last = (await awaitEvents(created.body.payout_id, 2)).at(-1);
    expect(last).toMatchObject({ status: 'failed', status_code: 'rail_rejected' });

    const again = await payouts.create(
      account,
      pix('5.40', { idempotency_key: newKey(), beneficiary: destination }),
    );
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ error: 'destination_recently_rejected' });
    const acknowledged = await payouts.create(
      account,
      pix('5.40', {
        idempotency_key: newKey(),
        beneficiary: destination,
        options: { destination_retry_ack: true },
      }),
    );
    expect(acknowledged.status).toBe(202);
  });

  it('holds a .77 payout for review without a debit; a release dispatches it', async () => {
    const account = await fundedAccount();
    const created = await payouts.create(account, pix('5.77', { idempotency_key: newKey() }));
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({
      status: 'in_review',
      status_code: 'firewall_review',
      review_id: expect.any(String),
      funds_debited: false,
      receipt_url: null,
    });
    await expectBalance(account, '0');
    const receipt = await payouts.request('GET', `/v1/payouts/${created.body.payout_id}/receipt`, {
      headers: account.headers,
    });
    expect(receipt.status).toBe(409);
    const released = await decide(created.body.payout_id, 'review/release');
    expect(released.status).toBe(200);
    const done = await payouts.awaitPayout(account, created.body.payout_id, final);
    expect(done.status).toBe('completed');
    await expectBalance(account, '-1.07');
    const twice = await decide(created.body.payout_id, 'review/release');
    expect(twice.status).toBe(409);
  });

  it('fails a rejected review before any debit', async () => {
    const account = await fundedAccount();
    const created = await payouts.create(account, pix('5.77', { idempotency_key: newKey() }));
    const rejected = await decide(created.body.payout_id, 'review/reject');
    expect(rejected.status).toBe(200);
    expect(await rejected.json()).toMatchObject({
      status: 'failed',
      status_code: 'review_rejected',
      predebit_failure: true,
      funds_debited: false,
      receipt_url: null,
    });
  });

  it('fails beneficiary REJECT at screening before any debit, with no receipt', async () => {
    const account = await fundedAccount();
    const created = await payouts.create(
      account,
      pix('10.00', {
        idempotency_key: newKey(),
        beneficiary: { name: 'REJECT', account_number: 'x@example.com' },
      }),
    );
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({
      status: 'failed',
      status_code: 'screening_rejected',
      predebit_failure: true,
      funds_debited: false,
      receipt_url: null,
    });
    const receipt = await payouts.request('GET', `/v1/payouts/${created.body.payout_id}/receipt`, {
      headers: account.headers,
    });
    expect(receipt.status).toBe(409);
    expect(await receipt.json()).toMatchObject({ error: 'receipt_not_available' });
    await expectBalance(account, '0');
    expect((await awaitEvents(created.body.payout_id, 1))[0]).toMatchObject({
      predebit_failure: true,
      receipt_url: null,
    });
  });

  describe('EC/USD manual bank transfers', () => {
    const ec = () => ({
      country: 'EC',
      currency: 'USD',
      method: 'bank_transfer',
      amount: '20.00',
      idempotency_key: newKey(),
      beneficiary: {
        name: 'Carla',
        tax_id: '0912345678',
        account_number: '2200123456',
        bank_code: '10',
      },
    });

    it('waits for an operator, who confirms it', async () => {
      const account = await fundedAccount();
      const created = await payouts.create(account, ec());
      expect(created.body).toMatchObject({
        status: 'processing',
        status_code: 'manual_dispatch',
        funds_debited: true,
      });
      await expectBalance(account, '-20', '20');
      const confirmed = await decide(created.body.payout_id, 'confirm');
      expect(confirmed.status).toBe(200);
      expect(await confirmed.json()).toMatchObject({ status: 'completed' });
      await expectBalance(account, '-20');
    });

    it('refunds the debit when the operator rejects it', async () => {
      const account = await fundedAccount();
      const created = await payouts.create(account, ec());
      const rejected = await decide(created.body.payout_id, 'reject');
      expect(await rejected.json()).toMatchObject({
        status: 'failed',
        status_code: 'manual_rejected',
        funds_debited: false,
      });
      await expectBalance(account, '0');
    });

    it('needs the operator credential', async () => {
      const response = await payouts.request('POST', '/admin/v1/payouts/x/confirm');
      expect(response.status).toBe(401);
    });
  });

  describe('organization limits', () => {
    it('answers amount_below_minimum, amount_above_maximum and velocity_limit_exceeded', async () => {
      const slug = `limits-${Date.now()}`;
      const org = await payouts.operator('POST', '/admin/v1/organizations', {
        slug,
        name: 'Limited Co',
      });
      expect(org.status).toBe(201);
      const { org_id } = (await org.json()) as { org_id: string };
      // The demo history (D5) funds it: 10,100 USD, far above the limits.
      const account = await payouts.register(slug);
      const limits = await payouts.operator('PUT', `/admin/v1/payouts/limits/${org_id}`, {
        min_amount_usd: '5.00',
        max_amount_usd: '50.00',
        daily_amount_usd: '60.00',
      });
      expect(limits.status).toBe(200);
      expect(
        (await payouts.create(account, pix('5.40', { idempotency_key: newKey() }))).body,
      ).toMatchObject({ error: 'amount_below_minimum' });
      expect(
        (await payouts.create(account, pix('275.40', { idempotency_key: newKey() }))).body,
      ).toMatchObject({ error: 'amount_above_maximum' });
      expect(
        (await payouts.create(account, pix('216.00', { idempotency_key: newKey() }))).status,
      ).toBe(202);
      const over = await payouts.create(account, pix('216.00', { idempotency_key: newKey() }));
      expect(over.status).toBe(422);
      expect(over.body).toMatchObject({ error: 'velocity_limit_exceeded' });
    });
  });
});
