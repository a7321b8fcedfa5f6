import Big from 'big.js';
import { startPlatform, type E2ePlatform } from '../harness';
import {
  CRYPTO_SENDERS,
  eventsClient,
  eventually,
  expectError,
  heldWallet,
  identityClient,
  json,
  ledgerClient,
  pdfText,
  startWebhookReceiver,
  walletChainClient,
  walletsClient,
  withOtp,
  type SegregatedWalletBody,
  type TestAccount,
  type WalletChainClient,
  type WalletSendBody,
  type WalletsClient,
  type WebhookReceiver,
} from '../clients';

/** An outside tron address: nobody on the platform holds it. */
const OUTSIDE_TRON = CRYPTO_SENDERS.tron.plain;
const same = (value: string | undefined, expected: string) =>
  value !== undefined && new Big(value).eq(expected);

/**
 * Segregated wallets on chain over HTTP (decisions D9): funded by external movements on the
 * sandbox chain (the asset and the native coin that pays gas), balance, deposits and
 * transactions; sends signed with the wallet's key that complete or fail on chain, pay their fee
 * in the native coin and are idempotent; receipts; auto-forward into the ledger through the
 * account's deposit wallet; external outflows flagged; another account's wallet 404.
 */
describe('segregated wallets on chain', () => {
  let platform: E2ePlatform;
  let receiver: WebhookReceiver;
  let wallets: WalletsClient;
  let chain: WalletChainClient;
  let owner: TestAccount;
  let other: TestAccount;
  const events = eventsClient(() => platform.environments.test);
  const ledger = ledgerClient(() => platform.environments.test);

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    platform = await startPlatform({
      label: 'segchain',
      settings: { SANDBOX_STEP_MS: '50', WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOK_POLL_MS: '100' },
    });
    wallets = walletsClient(platform.environments.test);
    chain = walletChainClient(platform.environments.test);
    [owner, other] = await Promise.all([
      wallets.register('chainown'),
      wallets.register('chainoth'),
    ]);
    const subscribed = await events.subscribe(owner.access_token, {
      event_type: '*',
      callback_url: receiver.url('/segchain'),
      secret: 'segchain-webhook-secret-0123456789',
    });
    expect(subscribed.status).toBe(201);
  });
  afterAll(async () => {
    await platform.close();
    await receiver.close();
  });

  /** The public events delivered to the owner's webhook about `tx_id`, once `type` is among them. */
  /** The deliveries of a transaction once one of `type` (and `status`, when given) arrived. */
  const delivered = (tx_id: string, type: string, status?: string) =>
    eventually(
      async () =>
        receiver.received
          .map((hook) => JSON.parse(hook.raw_body.toString('utf8')) as Record<string, any>)
          .filter((body) => body.data?.tx_id === tx_id),
      (bodies) =>
        bodies.some(
          (body) => body.type === type && (status === undefined || body.data?.status === status),
        ),
      { attempts: 1200, poll_ms: 50 },
    );

  /** A tron USDT wallet holding `usdt` and `trx`, both confirmed. */
  const funded = async (usdt: string, trx: string): Promise<SegregatedWalletBody> => {
    const wallet = await wallets.create(owner, { chain: 'tron', asset: 'USDT' });
    if (usdt !== '0') await chain.move(owner, wallet.wallet_id, { direction: 'in', amount: usdt });
    if (trx !== '0')
      await chain.move(owner, wallet.wallet_id, { direction: 'in', amount: trx, asset: 'TRX' });
    await chain.balanceWhen(
      owner,
      wallet.wallet_id,
      (body) => same(body.balance, usdt) && same(body.native_balance, trx),
    );
    return wallet;
  };

  it('is funded by inbound external movements of its asset and of the native coin', async () => {
    const wallet = await wallets.create(owner, { chain: 'tron', asset: 'USDT' });
    const usdt = await chain.move(owner, wallet.wallet_id, { direction: 'in', amount: '100' });
    expect(usdt).toMatchObject({ direction: 'in', asset: 'USDT', tx_id: expect.any(String) });
    const trx = await chain.move(owner, wallet.wallet_id, {
      direction: 'in',
      amount: '50',
      asset: 'TRX',
    });
    const balance = await chain.balanceWhen(
      owner,
      wallet.wallet_id,
      (body) => same(body.balance, '100') && same(body.native_balance, '50'),
    );
    expect(balance).toEqual({
      wallet_id: wallet.wallet_id,
      chain: 'tron',
      asset: 'USDT',
      balance: '100',
      native_coin: 'TRX',
      native_balance: '50',
    });
    const deposits = await chain.deposits(owner, wallet.wallet_id);
    expect(deposits).toEqual([
      expect.objectContaining({
        tx_id: usdt.tx_id,
        asset: 'USDT',
        amount: '100',
        amount_raw: '100000000',
        from_address: OUTSIDE_TRON,
        status: 'confirmed',
        forward: null,
      }),
    ]);
    const transactions = await chain.transactions(owner, wallet.wallet_id);
    expect(transactions).toHaveLength(2);
    expect(transactions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tx_id: usdt.tx_id, direction: 'in', kind: 'deposit' }),
        expect.objectContaining({
          tx_id: trx.tx_id,
          direction: 'in',
          kind: 'external',
          asset: 'TRX',
          amount_raw: '50000000',
        }),
      ]),
    );
    const received = (await delivered(usdt.tx_id, 'wallet_deposit_received')).find(
      (body) => body.type === 'wallet_deposit_received',
    );
    expect(received?.data).toEqual({
      wallet_id: wallet.wallet_id,
      account_id: owner.account_id,
      chain: 'tron',
      asset: 'USDT',
      tx_id: usdt.tx_id,
      amount_raw: '100000000',
      from_address: OUTSIDE_TRON,
    });
  });

  it('completes a send: the balance drops by the amount and the native coin by the fee', async () => {
    const wallet = await funded('100', '50');
    const body = { to_address: OUTSIDE_TRON, amount: '30', idempotency_key: 'send-complete-1' };
    const accepted = await chain.createSend(owner, wallet.wallet_id, body);
    expect(accepted).toMatchObject({
      wallet_id: wallet.wallet_id,
      chain: 'tron',
      asset: 'USDT',
      to_address: OUTSIDE_TRON,
      network_fee: '13.5',
      status: 'pending',
      idempotency_key: 'send-complete-1',
    });
    expect(new Big(accepted.amount).eq(30)).toBe(true);
    // Same key and body: the same send; another body: 409.
    const replayed = await chain.sendRaw(owner, wallet.wallet_id, body);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect((await json<WalletSendBody>(replayed, 202)).send_id).toBe(accepted.send_id);
    await expectError(
      await chain.sendRaw(owner, wallet.wallet_id, { ...body, amount: '31' }),
      409,
      'idempotency_conflict',
    );
    const settled = await chain.settledSend(owner, wallet.wallet_id, accepted.send_id);
    expect(settled).toMatchObject({ status: 'completed', tx_id: expect.any(String) });
    const balance = await chain.balanceWhen(owner, wallet.wallet_id, (seen) =>
      same(seen.balance, '70'),
    );
    expect(balance.native_balance).toBe('36.5');
    // Each status change is its own delivery: wait for the completed one, not the first.
    const completed = (
      await delivered(settled.tx_id ?? '', 'wallet_send_status_changed', 'completed')
    ).filter((event) => event.type === 'wallet_send_status_changed');
    expect(completed.map((event) => event.data.status)).toContain('completed');
    expect(completed[0]?.data).toMatchObject({
      send_id: accepted.send_id,
      wallet_id: wallet.wallet_id,
      amount_raw: '30000000',
      idempotency_key: 'send-complete-1',
    });
    const outbound = (await chain.transactions(owner, wallet.wallet_id)).find(
      (row) => row.send_id === accepted.send_id,
    );
    expect(outbound).toMatchObject({ direction: 'out', kind: 'send', status: 'confirmed' });
  });

  it('refuses a send without gas (insufficient_gas) or beyond the balance (insufficient_funds)', async () => {
    const wallet = await funded('10', '0');
    await expectError(
      await chain.sendRaw(owner, wallet.wallet_id, {
        to_address: OUTSIDE_TRON,
        amount: '1',
        idempotency_key: 'no-gas-1',
      }),
      422,
      'insufficient_gas',
    );
    await expectError(
      await chain.sendRaw(owner, wallet.wallet_id, {
        to_address: OUTSIDE_TRON,
        amount: '20',
        idempotency_key: 'too-much-1',
      }),
      402,
      'insufficient_funds',
    );
    await expectError(
      await chain.sendRaw(owner, wallet.wallet_id, { to_address: 'nope', amount: '1' }),
      400,
      'idempotency_key_required',
    );
    expect(await chain.sendsRaw(owner, wallet.wallet_id).then((r) => json(r, 200))).toMatchObject({
      sends: [],
    });
  });

  it('fails a send of .99 on chain: the amount stays, the fee is paid', async () => {
    const wallet = await funded('10', '20');
    const accepted = await chain.createSend(owner, wallet.wallet_id, {
      to_address: OUTSIDE_TRON,
      amount: '1.99',
      idempotency_key: 'send-fail-1',
    });
    const settled = await chain.settledSend(owner, wallet.wallet_id, accepted.send_id);
    expect(settled.status).toBe('failed');
    const balance = await chain.balanceWhen(owner, wallet.wallet_id, (seen) =>
      same(seen.native_balance, '6.5'),
    );
    expect(balance.balance).toBe('10');
  });

  it('answers the receipt of a send in English and Spanish', async () => {
    const wallet = await funded('5', '20');
    const accepted = await chain.createSend(owner, wallet.wallet_id, {
      to_address: OUTSIDE_TRON,
      amount: '2',
      idempotency_key: 'send-receipt-1',
    });
    await chain.settledSend(owner, wallet.wallet_id, accepted.send_id);
    const pdf = async (query: string) => {
      const response = await chain.receiptRaw(owner, wallet.wallet_id, accepted.send_id, query);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/pdf');
      return pdfText(Buffer.from(await response.arrayBuffer()));
    };
    const english = await pdf('?lang=en');
    expect(english).toContain('On-chain transfer receipt');
    expect(english).toContain(accepted.send_id);
    expect(english).toContain('Transfer confirmed on chain');
    const spanish = await pdf('?lang=es');
    expect(spanish).toContain('Comprobante de transferencia en cadena');
    expect(spanish).toContain(accepted.send_id);
    await expectError(
      await chain.receiptRaw(owner, wallet.wallet_id, accepted.send_id, '?lang=fr'),
      400,
      'invalid_language',
    );
  });

  it('forwards deposits into the ledger through the account’s deposit wallet', async () => {
    const wallet = await funded('0', '20');
    const before = await ledger.available(owner, 'USDT');
    const start = before === 'missing' ? '0' : before;
    expect(await json(await chain.autoForwardRaw(owner, wallet.wallet_id), 200)).toEqual({
      wallet_id: wallet.wallet_id,
      enabled: false,
    });
    expect(
      await json(await chain.autoForwardRaw(owner, wallet.wallet_id, { enabled: true }), 200),
    ).toEqual({ wallet_id: wallet.wallet_id, enabled: true });
    await chain.move(owner, wallet.wallet_id, { direction: 'in', amount: '12' });
    const credited = await eventually(
      () => ledger.available(owner, 'USDT'),
      (seen) => seen !== 'missing' && new Big(seen).eq(new Big(start).plus(12)),
      { attempts: 1200, poll_ms: 50 },
    );
    expect(new Big(credited).minus(start).toString()).toBe('12');
    const [deposit] = await chain.deposits(owner, wallet.wallet_id);
    expect(deposit?.forward).toEqual({
      status: 'forwarded',
      send_id: expect.any(String),
      reason: null,
    });
    const balance = await chain.balanceWhen(owner, wallet.wallet_id, (seen) =>
      same(seen.native_balance, '6.5'),
    );
    expect(balance.balance).toBe('0');
  });

  it('leaves a deposit that cannot pay the forward’s gas, with the reason', async () => {
    const wallet = await wallets.create(owner, { chain: 'tron', asset: 'USDT' });
    await json(await chain.autoForwardRaw(owner, wallet.wallet_id, { enabled: true }), 200);
    await chain.move(owner, wallet.wallet_id, { direction: 'in', amount: '3' });
    const [deposit] = await eventually(
      () => chain.deposits(owner, wallet.wallet_id),
      (rows) => rows[0]?.forward?.status === 'failed',
      { attempts: 1200, poll_ms: 50 },
    );
    expect(deposit?.forward?.reason).toMatch(/network fee/);
    expect((await chain.balance(owner, wallet.wallet_id)).balance).toBe('3');
  });

  it('flags an external outflow of a platform-custody wallet as a suspected key compromise', async () => {
    const wallet = await funded('20', '20');
    const out = await chain.move(owner, wallet.wallet_id, { direction: 'out', amount: '5' });
    const bodies = await delivered(out.tx_id, 'wallet_key_compromise_suspected');
    const expected = {
      wallet_id: wallet.wallet_id,
      account_id: owner.account_id,
      chain: 'tron',
      asset: 'USDT',
      direction: 'out',
      tx_id: out.tx_id,
      amount_raw: '5000000',
      custody: 'platform',
    };
    expect(bodies.find((body) => body.type === 'wallet_key_compromise_suspected')?.data).toEqual(
      expected,
    );
    const movement = await delivered(out.tx_id, 'wallet_external_movement');
    expect(movement.find((body) => body.type === 'wallet_external_movement')?.data).toEqual(
      expected,
    );
    const balance = await chain.balanceWhen(owner, wallet.wallet_id, (seen) =>
      same(seen.balance, '15'),
    );
    expect(balance.native_balance).toBe('6.5');
  });

  it('sends with an imported key, and reads its external outflow as no compromise', async () => {
    const held = heldWallet('tron');
    const identity = identityClient(platform.environments.test);
    const with_otp = withOtp(owner, await identity.otpToken(owner.access_token, 'wallet.import'));
    const wallet = await json<SegregatedWalletBody>(
      await wallets.importRaw(with_otp, { chain: 'tron', private_key: held.private_key_hex }),
      201,
    );
    expect(wallet).toMatchObject({ custody: 'client', address: held.address });
    await chain.move(owner, wallet.wallet_id, { direction: 'in', amount: '10' });
    await chain.move(owner, wallet.wallet_id, { direction: 'in', amount: '40', asset: 'TRX' });
    await chain.balanceWhen(owner, wallet.wallet_id, (seen) => same(seen.native_balance, '40'));
    const accepted = await chain.createSend(owner, wallet.wallet_id, {
      to_address: OUTSIDE_TRON,
      amount: '4',
      idempotency_key: 'client-send-1',
    });
    expect((await chain.settledSend(owner, wallet.wallet_id, accepted.send_id)).status).toBe(
      'completed',
    );
    const out = await chain.move(owner, wallet.wallet_id, { direction: 'out', amount: '1' });
    const bodies = await delivered(out.tx_id, 'wallet_external_movement');
    expect(bodies.find((body) => body.type === 'wallet_external_movement')?.data).toMatchObject({
      direction: 'out',
      custody: 'client',
    });
    const balance = await chain.balanceWhen(owner, wallet.wallet_id, (seen) =>
      same(seen.balance, '5'),
    );
    expect(balance.native_balance).toBe('13');
    // The compromise alert would have been delivered with the movement, in the same transaction.
    expect(bodies.map((body) => body.type)).not.toContain('wallet_key_compromise_suspected');
  });

  it("answers 404 for another account's wallet and send, and 400 for a bad movement", async () => {
    const wallet = await funded('5', '20');
    const accepted = await chain.createSend(owner, wallet.wallet_id, {
      to_address: OUTSIDE_TRON,
      amount: '1',
      idempotency_key: 'send-bola-1',
    });
    const id = wallet.wallet_id;
    for (const response of [
      await chain.balanceRaw(other, id),
      await chain.depositsRaw(other, id),
      await chain.transactionsRaw(other, id),
      await chain.sendsRaw(other, id),
      await chain.getSendRaw(other, id, accepted.send_id),
      await chain.receiptRaw(other, id, accepted.send_id),
      await chain.autoForwardRaw(other, id),
      await chain.autoForwardRaw(other, id, { enabled: true }),
      await chain.sendRaw(other, id, {
        to_address: OUTSIDE_TRON,
        amount: '1',
        idempotency_key: 'x',
      }),
      await chain.moveRaw(other, id, { direction: 'in', amount: '1' }),
      await chain.balanceRaw(owner, 'not-a-wallet'),
      await chain.getSendRaw(owner, id, 'not-a-send'),
    ])
      await expectError(response, 404, 'not_found');
    await expectError(
      await chain.moveRaw(owner, id, { direction: 'sideways', amount: '1' }),
      400,
      'invalid_payload',
    );
    await expectError(
      await chain.moveRaw(owner, id, { direction: 'in', amount: '1', asset: 'ETH' }),
      400,
      'invalid_asset',
    );
  });
});
