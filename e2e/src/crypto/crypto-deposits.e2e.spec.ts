import Big from 'big.js';
import { startPlatform, type E2ePlatform } from '../harness';
import {
  CRYPTO_SENDERS,
  cryptoClient,
  eventsClient,
  eventually,
  expectError,
  json,
  ledgerClient,
  startWebhookReceiver,
  type CryptoClient,
  type TestAccount,
  type WebhookReceiver,
} from '../clients';

/** A decimal string equal to `expected` whatever its trailing zeros. */
const decimalOf = (expected: string) => new RegExp(`^${expected.replace('.', '\\.')}0*$`);

/**
 * On-chain deposits in the sandbox (decisions D9): deposit wallets, simulated deposits seen and
 * confirmed by the sandbox chain, credited once to the balance, held or flagged by the sender's
 * address risk, the history, the account boundary, and the public events on a webhook.
 */
describe('crypto deposits (sandbox)', () => {
  let platform: E2ePlatform;
  let crypto: CryptoClient;
  let receiver: WebhookReceiver;
  let owner: TestAccount;
  let other: TestAccount;
  const ledger = ledgerClient(() => platform.environments.test);
  const events = eventsClient(() => platform.environments.test);

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    platform = await startPlatform({
      label: 'cryptodep',
      settings: { SANDBOX_STEP_MS: '50', WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOK_POLL_MS: '100' },
    });
    crypto = cryptoClient(platform.environments.test);
    [owner, other] = await Promise.all([
      crypto.register('cryptoown'),
      crypto.register('cryptooth'),
    ]);
    const subscribed = await events.subscribe(owner.access_token, {
      event_type: '*',
      callback_url: receiver.url('/crypto'),
      secret: 'crypto-webhook-secret-0123456789',
    });
    expect(subscribed.status).toBe(201);
  });
  afterAll(async () => {
    await platform.close();
    await receiver.close();
  });

  /**
   * The public events delivered to the owner's webhook about `tx_id`, once one of each of `types`
   * is there (deliveries of different events may arrive in any order).
   */
  const delivered = (tx_id: string, ...types: string[]) =>
    eventually(
      async () =>
        receiver.received
          .map((hook) => JSON.parse(hook.raw_body.toString('utf8')) as Record<string, any>)
          .filter((body) => body.data?.tx_id === tx_id),
      (bodies) => types.every((type) => bodies.some((body) => body.type === type)),
      { attempts: 1200, poll_ms: 50 },
    );

  it('creates one receive-only wallet per chain and asset; a repeat answers it with 200', async () => {
    const tron = await crypto.wallet(owner, 'tron', 'USDT', 201);
    expect(tron).toEqual({
      wallet_id: expect.any(String),
      type: 'deposit',
      receive_only: true,
      chain: 'tron',
      asset: 'USDT',
      address: expect.stringMatching(/^T[1-9A-HJ-NP-Za-km-z]{33}$/),
      created_at: expect.any(String),
    });
    expect(await crypto.wallet(owner, 'tron', 'USDT', 200)).toEqual(tron);
    const btc = await crypto.wallet(owner, 'btc', 'BTC', 201);
    expect(btc.address).toMatch(/^tb1q/);
    const usdc = await crypto.wallet(owner, 'eth', 'USDC', 201);
    expect(usdc.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const listed = await crypto.wallets(owner);
    expect(listed.wallets.map((wallet) => wallet.wallet_id).sort()).toEqual(
      [tron, btc, usdc].map((wallet) => wallet.wallet_id).sort(),
    );
    expect((await crypto.wallets(other)).wallets).toEqual([]);
  });

  it('refuses a chain, asset or body it does not know, creating nothing', async () => {
    await expectError(
      await crypto.createWalletRaw(other, { chain: 'sol', asset: 'USDT' }),
      400,
      'unsupported_chain',
    );
    await expectError(
      await crypto.createWalletRaw(other, { chain: 'tron', asset: 'BTC' }),
      400,
      'invalid_asset',
    );
    await expectError(
      await crypto.createWalletRaw(other, { chain: 'eth', asset: 'DOGE' }),
      400,
      'invalid_asset',
    );
    await expectError(
      await crypto.createWalletRaw(other, { chain: 'eth', asset: 'USDT', label: 'x' }),
      400,
      'invalid_json',
    );
    expect((await crypto.wallets(other)).wallets).toEqual([]);
  });

  it('credits a confirmed deposit once, with crypto_deposit_credited on the webhook', async () => {
    const wallet = await crypto.wallet(owner, 'tron', 'USDT', 200);
    const before = await ledger.available(owner, 'USDT');
    const plus = (amount: string) => new Big(before).plus(amount).toFixed(6);
    const accepted = await crypto.deposit(owner, { address: wallet.address, amount: '25.50' });
    expect(accepted).toMatchObject({
      status: 'pending',
      chain: 'tron',
      asset: 'USDT',
      amount: decimalOf('25.5'),
      fee: '0',
      to_address: wallet.address,
      wallet_id: wallet.wallet_id,
      required_confirmations: 2,
      tx_id: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const settled = await crypto.settled(owner, accepted.deposit_id);
    expect(settled).toMatchObject({
      status: 'credited',
      risk: 'low',
      hold_id: null,
      confirmations: 2,
    });
    const balance = () => ledger.available(owner, 'USDT');
    expect(await eventually(balance, (seen) => seen === plus('25.5'))).toBe(plus('25.5'));

    const bodies = await delivered(accepted.tx_id, 'crypto_deposit_credited');
    const credited = bodies.find((body) => body.type === 'crypto_deposit_credited');
    expect(credited?.data).toEqual({
      account_id: owner.account_id,
      chain: 'tron',
      asset: 'USDT',
      tx_id: accepted.tx_id,
      amount: expect.stringMatching(decimalOf('25.5')),
      fee: '0',
    });

    // The operator reports the same transfer confirmed again: it is the same deposit, credited once.
    const again = await crypto.reportObservation({
      status: 'confirmed',
      chain: 'tron',
      asset: 'USDT',
      tx_id: accepted.tx_id,
      from_address: settled.from_address,
      to_address: wallet.address,
      amount: '25.50',
    });
    expect(again.status).toBe(201);
    const probe = await crypto.deposit(owner, { address: wallet.address, amount: '1' });
    await crypto.settled(owner, probe.deposit_id);
    expect(await eventually(balance, (seen) => seen === plus('26.5'))).toBe(plus('26.5'));
    const listed = await crypto.deposits(owner, '?chain=tron');
    expect(listed.deposits.filter((deposit) => deposit.tx_id === accepted.tx_id)).toHaveLength(1);
  });

  it('holds a deposit from a severe sender: nothing credited, crypto_deposit_held', async () => {
    const wallet = await crypto.wallet(owner, 'btc', 'BTC', 200);
    const before = await ledger.available(owner, 'BTC');
    const accepted = await crypto.deposit(owner, {
      address: wallet.address,
      amount: '0.015',
      from_address: CRYPTO_SENDERS.btc.bad,
    });
    const settled = await crypto.settled(owner, accepted.deposit_id);
    expect(settled).toMatchObject({
      status: 'held',
      risk: 'severe',
      hold_id: `crypto-deposit:${accepted.deposit_id}`,
    });
    const bodies = await delivered(accepted.tx_id, 'crypto_deposit_held');
    expect(bodies.find((body) => body.type === 'crypto_deposit_held')?.data).toEqual({
      account_id: owner.account_id,
      hold_id: settled.hold_id,
      chain: 'btc',
      asset: 'BTC',
      tx_id: accepted.tx_id,
      risk: 'severe',
      status: 'held',
    });
    expect(bodies.some((body) => body.type === 'crypto_deposit_credited')).toBe(false);
    expect(await ledger.available(owner, 'BTC')).toBe(before);

    // The operator releases it: credited once, with crypto_deposit_credited; a repeat changes nothing.
    await expectError(await crypto.decideHold(accepted.deposit_id, 'approve'), 404, 'not_found');
    const released = await json(await crypto.decideHold(accepted.deposit_id, 'release'), 200);
    expect(released).toMatchObject({
      status: 'credited',
      risk: 'severe',
      hold_id: settled.hold_id,
    });
    expect(await json(await crypto.decideHold(accepted.deposit_id, 'release'), 200)).toEqual(
      released,
    );
    await expectError(
      await crypto.decideHold(accepted.deposit_id, 'reject'),
      400,
      'invalid_status',
    );
    const expected = new Big(before === 'missing' ? '0' : before).plus('0.015').toFixed(8);
    const balance = () => ledger.available(owner, 'BTC');
    expect(await eventually(balance, (seen) => seen === expected)).toBe(expected);
    await delivered(accepted.tx_id, 'crypto_deposit_credited');
  });

  it('credits a deposit from a high-risk sender and raises crypto_deposit_alert', async () => {
    const wallet = await crypto.wallet(owner, 'tron', 'USDT', 200);
    const accepted = await crypto.deposit(owner, {
      address: wallet.address,
      amount: '3',
      from_address: CRYPTO_SENDERS.tron.risk,
    });
    expect(await crypto.settled(owner, accepted.deposit_id)).toMatchObject({
      status: 'credited',
      risk: 'high',
    });
    const bodies = await delivered(
      accepted.tx_id,
      'crypto_deposit_alert',
      'crypto_deposit_credited',
    );
    expect(bodies.find((body) => body.type === 'crypto_deposit_alert')?.data).toEqual({
      account_id: owner.account_id,
      chain: 'tron',
      asset: 'USDT',
      tx_id: accepted.tx_id,
      risk: 'high',
      status: 'credited',
    });
    expect(bodies.some((body) => body.type === 'crypto_deposit_credited')).toBe(true);
  });

  it('lists the history with filters and pages; another account sees none of it', async () => {
    const credited = await crypto.deposits(owner, '?status=credited');
    expect(credited.deposits.length).toBeGreaterThan(2);
    expect(credited.deposits.every((deposit) => deposit.status === 'credited')).toBe(true);
    expect((await crypto.deposits(owner, '?status=held')).deposits).toEqual([]);
    const btc = await crypto.deposits(owner, '?chain=btc&asset=BTC');
    expect(btc.deposits.every((deposit) => deposit.chain === 'btc')).toBe(true);
    const first = await crypto.deposits(owner, '?page_size=1');
    expect(first).toMatchObject({ page: 1, page_size: 1 });
    expect(first.deposits).toHaveLength(1);
    const [newest] = first.deposits;
    const read = await json(await crypto.getDeposit(owner, newest?.deposit_id ?? ''), 200);
    expect(read).toEqual(newest);

    await expectError(await crypto.getDeposit(other, newest?.deposit_id ?? ''), 404, 'not_found');
    await expectError(await crypto.getDeposit(owner, 'not-a-deposit'), 404, 'not_found');
    expect((await crypto.deposits(other)).deposits).toEqual([]);
    const tron = await crypto.wallet(owner, 'tron', 'USDT', 200);
    await expectError(
      await crypto.depositRaw(other, { address: tron.address, amount: '5' }),
      404,
      'not_found',
    );
  });

  it('refuses bad deposits and filters with the spec codes', async () => {
    const tron = await crypto.wallet(owner, 'tron', 'USDT', 200);
    const count = (await crypto.deposits(owner, '?page_size=100')).deposits.length;
    await expectError(
      await crypto.depositRaw(owner, { address: tron.address, amount: '-5' }),
      400,
      'invalid_amount',
    );
    await expectError(
      await crypto.depositRaw(owner, { address: tron.address, amount: '1.1234567' }),
      400,
      'invalid_amount',
    );
    await expectError(
      await crypto.depositRaw(owner, {
        address: tron.address,
        amount: '5',
        from_address: CRYPTO_SENDERS.eth.plain,
      }),
      400,
      'invalid_payload',
    );
    await expectError(
      await crypto.depositRaw(owner, { address: tron.address, amount: 5 }),
      400,
      'invalid_request',
    );
    expect((await crypto.deposits(owner, '?page_size=100')).deposits).toHaveLength(count);
    await expectError(await crypto.depositsRaw(owner, '?status=lost'), 400, 'invalid_status');
    await expectError(await crypto.depositsRaw(owner, '?chain=sol'), 400, 'unsupported_chain');
    await expectError(await crypto.depositsRaw(owner, '?asset=DOGE'), 400, 'invalid_asset');
  });
});
