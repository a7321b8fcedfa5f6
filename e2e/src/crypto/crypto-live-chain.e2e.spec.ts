import { randomBytes } from 'node:crypto';
import Big from 'big.js';
import { startPlatform, type E2ePlatform } from '../harness';
import {
  CRYPTO_SENDERS,
  cryptoClient,
  cryptoWithdrawalsClient,
  eventually,
  expectError,
  json,
  ledgerClient,
  operatorCli,
  tronUsdt,
  withdrawalKey,
  type CryptoClient,
  type TestAccount,
} from '../clients';

/**
 * The live chain, watch-only (decisions D9): the platform reaches no chain, the operator reports
 * what they see. An inbound transfer reported seen, then confirmed, becomes a credited deposit;
 * the sandbox deposit route does not exist; every reported field is checked.
 */
describe('crypto deposits on the live chain, fed by the operator', () => {
  let platform: E2ePlatform;
  let crypto: CryptoClient;
  let owner: TestAccount;
  const ledger = ledgerClient(() => platform.environments.live);
  const cli = operatorCli(() => platform.environments.live);

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'cryptolive',
      live: true,
      settings: { SANDBOX_STEP_MS: '50' },
    });
    crypto = cryptoClient(() => platform.environments.live);
    owner = await crypto.register('cryptolive');
  });
  afterAll(async () => platform.close());

  const tx_id = () => randomBytes(32).toString('hex');

  it('credits an inbound transfer the operator reports seen, then confirmed', async () => {
    const wallet = await crypto.wallet(owner, 'tron', 'USDT');
    expect(wallet.address).toMatch(/^T/);
    const before = await ledger.available(owner, 'USDT');
    const expected = new Big(before === 'missing' ? '0' : before).plus('40.25').toFixed(6);
    const transfer = {
      chain: 'tron',
      asset: 'USDT',
      tx_id: tx_id(),
      from_address: CRYPTO_SENDERS.tron.plain,
      to_address: wallet.address,
      amount: '40.25',
    };
    const seen = await json(await crypto.reportObservation({ ...transfer, status: 'seen' }), 201);
    expect(seen).toMatchObject({ status: 'seen', confirmations: 1, reference: null });
    const [listed] = (
      await eventually(
        () => crypto.deposits(owner),
        (page) => page.deposits.length > 0,
      )
    ).deposits;
    expect(listed).toMatchObject({
      status: 'pending',
      tx_id: transfer.tx_id,
      required_confirmations: 19,
    });

    await json(
      await crypto.reportObservation({ ...transfer, status: 'confirmed', confirmations: 19 }),
      201,
    );
    const credited = await crypto.settled(owner, listed?.deposit_id ?? '');
    expect(credited).toMatchObject({ status: 'credited', confirmations: 19, fee: '0' });
    const balance = () => ledger.available(owner, 'USDT');
    expect(await eventually(balance, (seen) => seen === expected)).toBe(expected);
  });

  it('completes a live withdrawal once the operator reports its broadcast and confirmation', async () => {
    const withdrawals = cryptoWithdrawalsClient(() => platform.environments.live);
    const wallet = await crypto.wallet(owner, 'tron', 'USDT', 200);
    const funding = {
      chain: 'tron',
      asset: 'USDT',
      tx_id: tx_id(),
      from_address: CRYPTO_SENDERS.tron.plain,
      to_address: wallet.address,
      amount: '60',
    };
    await json(
      await crypto.reportObservation({ ...funding, status: 'confirmed', confirmations: 19 }),
      201,
    );
    const funded = await eventually(
      () => withdrawals.balance(owner),
      (seen) => seen.available.gte('60'),
    );

    const created = await withdrawals.create(
      owner,
      tronUsdt('20', { idempotency_key: withdrawalKey('live-chain') }),
    );
    // Nothing reaches a live chain: the broadcast waits for the operator, funds held (+1 fee).
    const pending = await eventually(
      async () =>
        json<{ broadcasts: { reference: string; from_address: string; amount: string }[] }>(
          await crypto.operator('GET', '/admin/v1/crypto/broadcasts'),
          200,
        ),
      (page) => page.broadcasts.some((each) => each.reference === created.withdrawal_id),
    );
    const broadcast = pending.broadcasts.find((each) => each.reference === created.withdrawal_id);
    expect(new Big(broadcast?.amount ?? '0').eq('20')).toBe(true);
    expect(await withdrawals.balance(owner)).toEqual({
      available: funded.available.minus('21'),
      held: funded.held.plus('21'),
    });
    expect((await withdrawals.get(owner, created.withdrawal_id)).status).not.toBe('completed');

    const sent_tx = tx_id();
    await json(
      await crypto.operator('POST', `/admin/v1/crypto/broadcasts/${created.withdrawal_id}/tx`, {
        tx_id: sent_tx,
      }),
      200,
    );
    await json(
      await crypto.reportObservation({
        status: 'confirmed',
        chain: 'tron',
        asset: 'USDT',
        tx_id: sent_tx,
        from_address: broadcast?.from_address,
        to_address: created.to_address,
        amount: '20',
        confirmations: 19,
      }),
      201,
    );
    const completed = await withdrawals.awaitWithdrawal(owner, created.withdrawal_id);
    expect(completed).toMatchObject({ status: 'completed', tx_id: sent_tx });
    await withdrawals.awaitBalance(owner, {
      available: funded.available.minus('21'),
      held: funded.held,
    });
  });

  it('has no sandbox deposit route in live', async () => {
    const wallet = await crypto.wallet(owner, 'tron', 'USDT', 200);
    await expectError(
      await crypto.depositRaw(owner, { address: wallet.address, amount: '5' }),
      404,
      'not_found',
    );
  });

  it('checks every reported field, and only the operator may report', async () => {
    const wallet = await crypto.wallet(owner, 'eth', 'USDC');
    const valid = {
      status: 'seen',
      chain: 'eth',
      asset: 'USDC',
      tx_id: `0x${tx_id()}`,
      from_address: CRYPTO_SENDERS.eth.plain,
      to_address: wallet.address,
      amount: '10',
    };
    await expectError(
      await crypto.reportObservation({ ...valid, chain: 'sol' }),
      400,
      'unsupported_chain',
    );
    await expectError(
      await crypto.reportObservation({ ...valid, asset: 'BTC' }),
      400,
      'invalid_asset',
    );
    await expectError(
      await crypto.reportObservation({ ...valid, tx_id: 'abc' }),
      400,
      'invalid_payload',
    );
    await expectError(
      await crypto.reportObservation({ ...valid, to_address: CRYPTO_SENDERS.btc.plain }),
      400,
      'invalid_payload',
    );
    await expectError(
      await crypto.reportObservation({ ...valid, amount: '0' }),
      400,
      'invalid_amount',
    );
    await expectError(
      await crypto.reportObservation({ ...valid, status: 'lost' }),
      400,
      'invalid_status',
    );
    await expectError(
      await crypto.request('POST', '/admin/v1/crypto/observations', {
        headers: owner.headers,
        body: valid,
      }),
      401,
      'unauthorized',
    );
  });

  it('lets the operator list pending broadcasts and report observations from the CLI', async () => {
    expect(await cli.json('crypto', 'broadcasts')).toEqual({ broadcasts: [] });
    const refused = await cli.cli(
      'crypto',
      'observe',
      '--status',
      'seen',
      '--chain',
      'sol',
      '--asset',
      'USDT',
      '--tx',
      tx_id(),
      '--from',
      CRYPTO_SENDERS.tron.plain,
      '--to',
      CRYPTO_SENDERS.tron.plain,
      '--amount',
      '1',
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('unsupported_chain');
    const observed = await cli.json(
      'crypto',
      'observe',
      '--status',
      'failed',
      '--chain',
      'tron',
      '--asset',
      'USDT',
      '--tx',
      tx_id(),
      '--from',
      CRYPTO_SENDERS.tron.plain,
      '--to',
      CRYPTO_SENDERS.tron.bad,
      '--amount',
      '2',
    );
    expect(observed).toMatchObject({ status: 'failed', chain: 'tron', reference: null });
  });
});
