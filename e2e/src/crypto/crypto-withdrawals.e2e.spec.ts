import Big from 'big.js';
import {
  bearer,
  BTC_MAINNET_ADDRESS,
  cryptoWithdrawalsClient,
  ETH_ADDRESS,
  eventsClient,
  eventually,
  expectError,
  identityClient,
  json,
  TRON_ADDRESS,
  tronUsdt,
  withdrawalKey,
  type CryptoWithdrawalBody,
  type TestAccount,
} from '../clients';
import { startPlatform, type E2ePlatform } from '../harness';

const OTP_ORG = 'withdrawals-otp';
/** The suite's Travel Rule threshold (USD) and withdrawal ceiling: small, to test both. */
const THRESHOLD_USD = '100';
const MAX_USD = '5000';

/**
 * Crypto withdrawals (decisions D9, D6, D7): a tron USDT withdrawal is held (amount + fee),
 * broadcast on the sandbox chain and posted on confirmation; `.99` fails and is refunded;
 * idempotency, every validation code, listings, BOLA and OTP, over HTTP. The Travel Rule and the
 * firewall: crypto-withdrawals-rules.e2e.spec.ts.
 */
describe('crypto withdrawals', () => {
  let platform: E2ePlatform;
  const target = () => platform.environments.test;
  const withdrawals = cryptoWithdrawalsClient(target);
  const events = eventsClient(target);
  const identity = identityClient(target);
  let account: TestAccount;

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'crypto_withdrawals',
      settings: {
        SANDBOX_STEP_MS: '50',
        TRAVEL_RULE_THRESHOLD_USD: THRESHOLD_USD,
        CRYPTO_WITHDRAWAL_MAX_USD: MAX_USD,
      },
    });
    account = await withdrawals.register();
  });
  afterAll(async () => platform.close());

  const debited = (withdrawal: CryptoWithdrawalBody) =>
    new Big(withdrawal.amount).plus(withdrawal.fee);

  it('completes a withdrawal: amount + fee held, then debited; the event is streamed', async () => {
    const stream = await (await events.stream(account.access_token)).connected();
    try {
      const base = await withdrawals.balance(account);
      const created = await withdrawals.create(account, tronUsdt('10.5'));
      expect(created).toMatchObject({
        chain: 'tron',
        asset: 'USDT',
        amount: '10.500000',
        fee: '1.000000',
        to_address: TRON_ADDRESS,
        travel_rule_status: 'not_required',
        review_id: null,
      });
      expect(['pending', 'processing']).toContain(created.status);
      const done = await withdrawals.awaitWithdrawal(account, created.withdrawal_id);
      expect(done).toMatchObject({ status: 'completed', tx_id: expect.any(String) });
      await withdrawals.awaitBalance(account, {
        available: base.available.minus('11.5'),
        held: base.held,
      });
      const published = await eventually(
        async () => stream.published(),
        (list) =>
          list.some(
            (event) =>
              event.type === 'crypto_withdrawal_status_changed' &&
              event.data.status === 'completed',
          ),
      );
      const final = published.find(
        (event) =>
          event.type === 'crypto_withdrawal_status_changed' && event.data.status === 'completed',
      );
      expect(final?.data).toEqual({
        withdrawal_id: created.withdrawal_id,
        account_id: account.account_id,
        chain: 'tron',
        asset: 'USDT',
        tx_id: done.tx_id,
        status: 'completed',
        amount: '10.500000',
        idempotency_key: created.idempotency_key,
      });
    } finally {
      stream.close();
    }
  });

  it('fails an amount ending .99 on chain and refunds the debit', async () => {
    const base = await withdrawals.balance(account);
    const created = await withdrawals.create(account, tronUsdt('3.99'));
    const done = await withdrawals.awaitWithdrawal(account, created.withdrawal_id);
    expect(done.status).toBe('failed');
    expect(await withdrawals.awaitBalance(account, base)).toEqual(base);
    const published = await eventually(
      () => events.listed(account.access_token, '?types=crypto_withdrawal_status_changed'),
      (list) => list.some((event) => event.data.status === 'failed'),
    );
    expect(published.find((event) => event.data.status === 'failed')?.data).toMatchObject({
      withdrawal_id: created.withdrawal_id,
      amount: '3.990000',
    });
  });

  it('answers a repeat with the same withdrawal, and another request under the key 409', async () => {
    const base = await withdrawals.balance(account);
    const body = tronUsdt('2.0');
    const first = await withdrawals.create(account, body);
    const again = await withdrawals.create(account, { ...body, amount: '2.000' });
    expect(again.withdrawal_id).toBe(first.withdrawal_id);
    await expectError(
      await withdrawals.createRaw(account, { ...body, amount: '2.01' }),
      409,
      'idempotency_conflict',
    );
    // The header carries the key too; the body wins when both are sent.
    const { idempotency_key, ...keyless } = body;
    const replayed = await withdrawals.createRaw(account, keyless, {
      'idempotency-key': idempotency_key,
    });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    const by_header = await json<CryptoWithdrawalBody>(replayed, 202);
    expect(by_header.withdrawal_id).toBe(first.withdrawal_id);
    await withdrawals.awaitWithdrawal(account, first.withdrawal_id);
    await withdrawals.awaitBalance(account, {
      available: base.available.minus(debited(first)),
      held: base.held,
    });
  });

  it('creates one withdrawal for concurrent requests with one key', async () => {
    const base = await withdrawals.balance(account);
    const body = tronUsdt('1.25');
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => withdrawals.createRaw(account, body)),
    );
    const bodies = await Promise.all(
      responses.map((response) => json<CryptoWithdrawalBody>(response, 202)),
    );
    const ids = new Set(bodies.map((each) => each.withdrawal_id));
    expect(ids.size).toBe(1);
    const [withdrawal_id] = [...ids] as [string];
    await withdrawals.awaitWithdrawal(account, withdrawal_id);
    await withdrawals.awaitBalance(account, {
      available: base.available.minus('2.25'),
      held: base.held,
    });
    const listed = await withdrawals.list(account, '?page_size=100');
    expect(listed.filter((each) => each.idempotency_key === body.idempotency_key)).toHaveLength(1);
  });

  describe('refusals change nothing', () => {
    let fresh: TestAccount;
    beforeAll(async () => {
      fresh = await withdrawals.register();
    });

    it.each([
      ['an unknown chain', { chain: 'sol' }, 400, 'unsupported_chain'],
      ['an asset the chain does not carry', { asset: 'USDC' }, 400, 'invalid_asset'],
      ['a zero amount', { amount: '0' }, 400, 'invalid_amount'],
      ['a negative amount', { amount: '-5' }, 400, 'invalid_amount'],
      ['an exponent', { amount: '1e2' }, 400, 'invalid_amount'],
      ['more decimals than USDT has', { amount: '1.0000001' }, 400, 'invalid_amount'],
      ['16 integer digits', { amount: '1234567890123456' }, 400, 'invalid_amount'],
      ['no address', { to_address: undefined }, 400, 'to_address_required'],
      ['an address of another chain', { to_address: ETH_ADDRESS }, 400, 'invalid_payload'],
      [
        'a broken checksum',
        { to_address: `${TRON_ADDRESS.slice(0, -1)}X` },
        400,
        'invalid_payload',
      ],
      ['an unknown field', { memo: 'x' }, 400, 'invalid_json'],
      ['no idempotency key', { idempotency_key: undefined }, 400, 'idempotency_key_required'],
      ['a value above the ceiling', { amount: '5000.01' }, 422, 'amount_above_maximum'],
      [
        'more than the balance',
        { amount: '4999', travel_address: 'vasp-ok', beneficiary_name: 'Ana' },
        402,
        'insufficient_funds',
      ],
    ] as const)('%s', async (_label, overrides, status, code) => {
      await expectError(await withdrawals.createRaw(fresh, tronUsdt('1', overrides)), status, code);
    });

    it('refuses a mainnet Bitcoin address in the test environment', async () => {
      await expectError(
        await withdrawals.createRaw(
          fresh,
          tronUsdt('1', {
            chain: 'btc',
            asset: 'BTC',
            amount: '0.001',
            to_address: BTC_MAINNET_ADDRESS,
          }),
        ),
        400,
        'invalid_payload',
      );
    });

    it('left no withdrawal and no hold behind', async () => {
      expect(await withdrawals.list(fresh)).toEqual([]);
      expect((await withdrawals.balance(fresh)).held.eq(0)).toBe(true);
    });
  });

  it('lists newest first with filters, and hides other accounts (BOLA)', async () => {
    const reader = await withdrawals.register();
    const first = await withdrawals.create(reader, tronUsdt('1'));
    const second = await withdrawals.create(reader, tronUsdt('2'));
    const listed = await withdrawals.list(reader);
    expect(listed.map((each) => each.withdrawal_id)).toEqual([
      second.withdrawal_id,
      first.withdrawal_id,
    ]);
    expect(await withdrawals.list(reader, '?chain=eth')).toEqual([]);
    expect(await withdrawals.list(reader, '?asset=USDT&page_size=1')).toHaveLength(1);
    expect(await withdrawals.list(reader, '?from=2000-01-01&to=2000-01-02')).toEqual([]);
    await expectError(await withdrawals.listRaw(reader, '?from=2026-02-30'), 400, 'invalid_range');
    await expectError(await withdrawals.listRaw(reader, '?status=lost'), 400, 'invalid_request');
    const stranger = await withdrawals.register();
    await expectError(await withdrawals.getRaw(stranger, first.withdrawal_id), 404, 'not_found');
    await expectError(await withdrawals.getRaw(reader, 'not-a-withdrawal'), 404, 'not_found');
    expect(await withdrawals.list(stranger)).toEqual([]);
  });

  it('needs OTP for a user session where the organization asks, and not for API keys', async () => {
    await identity.createOrganization(OTP_ORG, 'Withdrawals OTP');
    await identity.setOtpPolicy(OTP_ORG, { required_actions: ['withdrawal.create'] });
    const member = await withdrawals.register(OTP_ORG);
    const body = tronUsdt('1', { idempotency_key: withdrawalKey('otp') });
    await expectError(await withdrawals.createRaw(member, body), 403, 'otp_required');
    const otp_token = await identity.otpToken(member.access_token, 'withdrawal.create');
    const accepted = await withdrawals.createRaw(member, body, { 'x-otp-token': otp_token });
    expect(accepted.status).toBe(202);
    const { token } = await json<{ token: string }>(
      await identity.post(
        '/v1/api-keys',
        { label: 'ci' },
        {
          ...bearer(member.access_token),
          'x-otp-token': await identity.otpToken(member.access_token, 'api_key.create'),
        },
      ),
      201,
    );
    const by_key = await withdrawals.createRaw({ headers: bearer(token) }, tronUsdt('1'));
    expect(by_key.status).toBe(202);
  });
});
