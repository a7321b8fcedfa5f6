import {
  BTC_TESTNET_ADDRESS,
  cryptoWithdrawalsClient,
  eventsClient,
  eventually,
  expectError,
  heldWallet,
  identityClient,
  json,
  reviewsClient,
  SEVERE_ETH_ADDRESS,
  tronUsdt,
  walletsClient,
  withdrawalKey,
  type ReviewBody,
  type TestAccount,
} from '../clients';
import { startPlatform, type E2ePlatform } from '../harness';

/** The suite's Travel Rule threshold (USD): small, so the demo balance reaches it. */
const THRESHOLD_USD = '100';

/**
 * Crypto withdrawals under compliance (decisions D8, D9): every Travel Rule code of spec §7 in
 * the sandbox (threshold, hosted counterparty answers, self-hosted wallets linked by a signed
 * challenge, BTC valued at the rate table), and the firewall holding a severe-risk destination.
 */
describe('crypto withdrawals: Travel Rule and firewall', () => {
  let platform: E2ePlatform;
  const target = () => platform.environments.test;
  const withdrawals = cryptoWithdrawalsClient(target);
  const events = eventsClient(target);
  const reviews = reviewsClient(target);
  const identity = identityClient(target);
  const wallets = walletsClient(target);
  let account: TestAccount;

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'crypto_withdrawals_rules',
      settings: { SANDBOX_STEP_MS: '40', TRAVEL_RULE_THRESHOLD_USD: THRESHOLD_USD },
    });
    account = await withdrawals.register();
  });
  afterAll(async () => platform.close());

  describe('the Travel Rule from the threshold', () => {
    const above = (overrides: Record<string, unknown> = {}) => tronUsdt('150', overrides);

    it('needs a travel address, then a beneficiary name, for a hosted wallet', async () => {
      await expectError(await withdrawals.createRaw(account, above()), 422, 'travel_rule_required');
      await expectError(
        await withdrawals.createRaw(account, above({ travel_address: 'vasp-ana' })),
        422,
        'travel_rule_beneficiary_required',
      );
    });

    it.each([
      ['vasp-ana-reject', 422, 'travel_rule_rejected'],
      ['vasp-ana-pending', 422, 'travel_rule_pending'],
      ['vasp-ana-partial', 422, 'travel_rule_incomplete_approval'],
      ['vasp-ana-unavailable', 503, 'travel_rule_unavailable'],
    ] as const)('answers the counterparty %s with %s %s', async (travel_address, status, code) => {
      const body = above({ travel_address, beneficiary_name: 'Ana Silva' });
      await expectError(await withdrawals.createRaw(account, body), status, code);
      // Nothing was created: the same key may carry a request that is approved.
      const retried = await withdrawals.create(account, { ...body, travel_address: 'vasp-ana' });
      expect(retried.travel_rule_status).toBe('approved');
    });

    it('needs a self-hosted destination to be a wallet the account linked', async () => {
      await expectError(
        await withdrawals.createRaw(account, above({ wallet_type: 'self_hosted' })),
        422,
        'travel_rule_address_mismatch',
      );
    });

    it('sends to a self-hosted wallet the account linked by signing its challenge', async () => {
      const holder = await withdrawals.register();
      // The client's own wallet: its key is held here, the challenge signed EIP-191 style.
      const wallet = heldWallet('eth');
      const link = await wallets.link(holder, wallet);
      const body = tronUsdt('150', {
        chain: 'eth',
        to_address: wallet.address.toLowerCase(),
        wallet_type: 'self_hosted',
      });
      const sent = await withdrawals.create(holder, body);
      expect(sent).toMatchObject({
        travel_rule_status: 'self_hosted_attested',
        to_address: wallet.address,
        fee: '5.000000',
      });
      expect((await withdrawals.awaitWithdrawal(holder, sent.withdrawal_id)).status).toBe(
        'completed',
      );
      // Another account's link does not attest this account's withdrawal.
      const other = await withdrawals.register();
      await expectError(
        await withdrawals.createRaw(other, { ...body, idempotency_key: withdrawalKey() }),
        422,
        'travel_rule_address_mismatch',
      );
      // Unlinked, the wallet no longer attests.
      expect((await wallets.unlink(holder, link.link_id)).status).toBeLessThan(300);
      await expectError(
        await withdrawals.createRaw(holder, { ...body, idempotency_key: withdrawalKey() }),
        422,
        'travel_rule_address_mismatch',
      );
    });

    it('sends an approved hosted withdrawal, and asks nothing below the threshold', async () => {
      const approved = await withdrawals.create(
        account,
        above({ travel_address: 'vasp-ana', beneficiary_name: 'Ana Silva' }),
      );
      expect(approved.travel_rule_status).toBe('approved');
      expect((await withdrawals.awaitWithdrawal(account, approved.withdrawal_id)).status).toBe(
        'completed',
      );
      const below = await withdrawals.create(
        account,
        tronUsdt('99.99', { wallet_type: 'self_hosted' }),
      );
      expect(below.travel_rule_status).toBe('not_required');
    });
  });

  it('values BTC at the rate table for the Travel Rule and sends it on btc', async () => {
    const holder = await withdrawals.register();
    // USD -> BTC at the deterministic test rate table (65,000 USD per BTC).
    await json(
      await withdrawals.swap(holder, {
        from_asset: 'USD',
        to_asset: 'BTC',
        amount: '300',
        idempotency_key: withdrawalKey('swap'),
      }),
      201,
    );
    const base = await withdrawals.balance(holder, 'BTC');
    const btc = (amount: string, overrides: Record<string, unknown> = {}) =>
      tronUsdt(amount, {
        chain: 'btc',
        asset: 'BTC',
        to_address: BTC_TESTNET_ADDRESS,
        ...overrides,
      });
    // 0.002 BTC is 130 USD: above the suite's 100 USD threshold.
    await expectError(
      await withdrawals.createRaw(holder, btc('0.002')),
      422,
      'travel_rule_required',
    );
    const small = await withdrawals.create(holder, btc('0.001'));
    expect(small).toMatchObject({ travel_rule_status: 'not_required', fee: '0.00010000' });
    const large = await withdrawals.create(
      holder,
      btc('0.002', { travel_address: 'vasp-btc', beneficiary_name: 'Ana Silva' }),
    );
    expect(large.travel_rule_status).toBe('approved');
    for (const sent of [small, large]) {
      expect((await withdrawals.awaitWithdrawal(holder, sent.withdrawal_id)).status).toBe(
        'completed',
      );
    }
    await withdrawals.awaitBalance(
      holder,
      { available: base.available.minus('0.0032'), held: base.held },
      'BTC',
    );
  });

  describe('the firewall holds a severe-risk destination', () => {
    let admin_token = '';
    beforeAll(async () => {
      admin_token = (await identity.newOrgAdmin('demo')).session.access_token;
    });

    const held = async (holder: TestAccount) => {
      const base = await withdrawals.balance(holder);
      const created = await withdrawals.create(
        holder,
        tronUsdt('7', { chain: 'eth', to_address: SEVERE_ETH_ADDRESS }),
      );
      expect(created).toMatchObject({ status: 'in_review', tx_id: null, fee: '5.000000' });
      expect(created.review_id).toEqual(expect.any(String));
      // Funds are held while it waits.
      await withdrawals.awaitBalance(holder, {
        available: base.available.minus('12'),
        held: base.held.plus('12'),
      });
      return { base, created, review_id: created.review_id as string };
    };

    it('broadcasts it once two reviewers approve', async () => {
      const holder = await withdrawals.register();
      const { base, created, review_id } = await held(holder);
      const review = await json<ReviewBody>(await reviews.get(holder, review_id), 200);
      expect(review.operation).toEqual({ kind: 'crypto_withdrawal', id: created.withdrawal_id });
      await json(await reviews.operatorDecision(review_id, { decision: 'approve' }), 200);
      expect((await withdrawals.get(holder, created.withdrawal_id)).status).toBe('in_review');
      await json(
        await reviews.orgAdminDecision(admin_token, review_id, { decision: 'approve' }),
        200,
      );
      const done = await withdrawals.awaitWithdrawal(holder, created.withdrawal_id);
      expect(done.status).toBe('completed');
      await withdrawals.awaitBalance(holder, {
        available: base.available.minus('12'),
        held: base.held,
      });
      const published = await eventually(
        () => events.listed(holder.access_token, '?types=txn_review_status_changed'),
        (list) => list.length > 0,
      );
      expect(published.map((event) => event.data)).toEqual([
        {
          review_id,
          operation_kind: 'crypto_withdrawal',
          operation_id: created.withdrawal_id,
          status: 'released',
        },
      ]);
    });

    it('fails it and releases the hold when a reviewer rejects', async () => {
      const holder = await withdrawals.register();
      const { base, created, review_id } = await held(holder);
      await json(
        await reviews.orgAdminDecision(admin_token, review_id, { decision: 'reject' }),
        200,
      );
      const done = await withdrawals.awaitWithdrawal(holder, created.withdrawal_id);
      expect(done).toMatchObject({ status: 'failed', tx_id: null });
      expect(await withdrawals.awaitBalance(holder, base)).toEqual(base);
    });
  });
});
