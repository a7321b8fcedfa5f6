import {
  cryptoWithdrawalsClient,
  expectError,
  json,
  tronUsdt,
  withdrawalKey,
  type TestAccount,
  type TravelRuleTransferBody,
} from '../clients';
import { startPlatform, type E2ePlatform } from '../harness';

/**
 * Live crypto withdrawals under the Travel Rule (decisions D9): no Travel Rule network is
 * connected, so a hosted withdrawal's data waits for the operator, who records the beneficiary
 * exchange's answer; the client's retry under the same key gets it. Live accounts hold no demo
 * funds, so an approved withdrawal goes on to the balance check (402 `insufficient_funds`).
 */
describe('crypto withdrawals: the live Travel Rule desk', () => {
  let platform: E2ePlatform;
  const live = cryptoWithdrawalsClient(() => platform.environments.live);
  let account: TestAccount;

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'crypto_withdrawals_live',
      live: true,
      settings: { TRAVEL_RULE_THRESHOLD_USD: '100' },
    });
    account = await live.register();
  });
  afterAll(async () => platform.close());

  const hosted = (travel_address: string) =>
    tronUsdt('150', {
      travel_address,
      beneficiary_name: 'Ana Silva',
      idempotency_key: withdrawalKey('live'),
    });

  /** The pending transfer the first request recorded for the operator. */
  const pendingOf = async (travel_address: string): Promise<TravelRuleTransferBody> => {
    const pending = await live.travelRuleTransfers('?status=pending');
    const transfer = pending.find(
      (each) => each.account_id === account.account_id && each.travel_address === travel_address,
    );
    if (!transfer) throw new Error(`no pending transfer to ${travel_address}`);
    return transfer;
  };

  it('waits for the operator, then proceeds on approval under the same key', async () => {
    const body = hosted('vasp-live-approve');
    await expectError(await live.createRaw(account, body), 422, 'travel_rule_pending');
    const transfer = await pendingOf('vasp-live-approve');
    expect(transfer).toMatchObject({
      chain: 'tron',
      asset: 'USDT',
      amount: '150.000000',
      beneficiary_name: 'Ana Silva',
      status: 'pending',
      decided_at: null,
    });
    // Still pending: the retry is answered the same.
    await expectError(await live.createRaw(account, body), 422, 'travel_rule_pending');
    const decided = await json<TravelRuleTransferBody>(
      await live.decideTravelRule(transfer.transfer_id, 'approve'),
      200,
    );
    expect(decided.status).toBe('approved');
    await expectError(await live.createRaw(account, body), 402, 'insufficient_funds');
    await expectError(
      await live.decideTravelRule(transfer.transfer_id, 'reject'),
      409,
      'already_decided',
    );
  });

  it.each([
    ['reject', 'travel_rule_rejected'],
    ['partial', 'travel_rule_incomplete_approval'],
  ] as const)('refuses the retry when the exchange answers %s', async (decision, code) => {
    const travel_address = `vasp-live-${decision}`;
    const body = hosted(travel_address);
    await expectError(await live.createRaw(account, body), 422, 'travel_rule_pending');
    const transfer = await pendingOf(travel_address);
    await json(await live.decideTravelRule(transfer.transfer_id, decision), 200);
    await expectError(await live.createRaw(account, body), 422, code);
    expect(await live.list(account)).toEqual([]);
  });

  it('asks the desk nothing below the threshold, and checks the operator input', async () => {
    await expectError(await live.createRaw(account, tronUsdt('5')), 402, 'insufficient_funds');
    expect((await live.travelRuleTransfers()).filter((each) => each.amount === '5.000000')).toEqual(
      [],
    );
    await expectError(await live.decideTravelRule('not-a-transfer', 'approve'), 404, 'not_found');
    await expectError(
      await live.decideTravelRule('00000000-0000-4000-8000-000000000000', 'approve'),
      404,
      'not_found',
    );
    await expectError(await live.decideTravelRule('x', 'maybe'), 400, 'invalid_request');
  });
});
