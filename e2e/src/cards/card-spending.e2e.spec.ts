import Big from 'big.js';
import { startPlatform, type E2ePlatform } from '../harness';
import {
  cardsClient,
  DELIVERY_WAIT,
  eventsClient,
  eventually,
  expectError,
  json,
  ledgerClient,
  startWebhookReceiver,
  type CardsClient,
  type CardTransactionBody,
  type SseClient,
  type TestAccount,
  type WebhookReceiver,
} from '../clients';

type Body = Record<string, any>;

/**
 * Card spending and the monthly fee over HTTP (issue 17): sandbox authorizations, reversals and
 * adjustments on the settlement balance, declines, the fee run once per month with the freeze of
 * an unpaid card, and `card_transaction` / `card_status_changed` on webhooks and the stream.
 */
describe('card spending and fees', () => {
  let platform: E2ePlatform;
  let cards: CardsClient;
  let receiver: WebhookReceiver;
  let stream: SseClient;
  let owner: TestAccount;
  let other: TestAccount;
  const events = eventsClient(() => platform.environments.test);
  const ledger = ledgerClient(() => platform.environments.test);

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    platform = await startPlatform({
      label: 'cardspend',
      settings: { WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOK_POLL_MS: '100', SANDBOX_STEP_MS: '50' },
    });
    cards = cardsClient(platform.environments.test);
    [owner, other] = await Promise.all([cards.holder('spendown'), cards.holder('spendoth')]);
    await events.subscription(owner.access_token, {
      event_type: '*',
      callback_url: receiver.url('/cards'),
      secret: 'cards-webhook-secret-0123456789abcdef',
    });
    stream = await (await events.stream(owner.access_token)).connected();
  });
  afterAll(async () => {
    stream?.close();
    await platform.close();
    await receiver.close();
  });

  const usd = (account: TestAccount) => ledger.available(account, 'USD');
  /** How much the account's available USD went down since `before`. */
  const spentSince = async (account: TestAccount, before: string) =>
    new Big(before).minus(await usd(account)).toFixed(2);
  /** A transfer of USD between two accounts of the suite. */
  const send = async (from: TestAccount, to: TestAccount, amount: string) =>
    json(
      await cards.request('POST', '/v1/transfers', {
        token: from.access_token,
        body: { recipient: to.email, asset: 'USD', amount },
      }),
      201,
    );
  /** Moves the account's whole available USD to `other`, leaving it at zero. */
  const drain = async (account: TestAccount) => {
    const available = await usd(account);
    if (new Big(available).gt(0)) await send(account, other, available);
  };

  /** The webhooks of `type` delivered to the owner whose data matches. */
  const delivered = (type: string, match: (data: Body) => boolean) =>
    eventually(
      async () =>
        receiver.received
          .map((hook) => JSON.parse(hook.raw_body.toString('utf8')) as Body)
          .filter((body) => body.type === type && match(body.data)),
      (bodies) => bodies.length > 0,
      DELIVERY_WAIT,
    );
  const streamed = (type: string, match: (data: Body) => boolean) =>
    eventually(
      async () => stream.published().filter((event) => event.type === type && match(event.data)),
      (found) => found.length > 0,
      DELIVERY_WAIT,
    );

  it('holds an authorization, declines one over the balance, and reverses', async () => {
    const card = await cards.issue(owner);
    const before = await usd(owner);
    const authorized = await cards.transact(owner, card.card_id, {
      kind: 'authorization',
      amount: '5.00',
      merchant: 'Coffee Shop',
      transaction_id: 'auth-coffee',
    });
    expect(authorized).toMatchObject({
      transaction_id: 'auth-coffee',
      status: 'authorized',
      amount: '5.00',
      asset: 'USD',
      decline_reason: null,
    });
    expect(await spentSince(owner, before)).toBe('5.00');
    // A retry answers the same authorization; another amount under its id is a conflict.
    expect(
      await cards.transact(owner, card.card_id, {
        kind: 'authorization',
        amount: '5.0',
        merchant: 'Coffee Shop',
        transaction_id: 'auth-coffee',
      }),
    ).toEqual(authorized);
    await expectError(
      await cards.transactRaw(owner, card.card_id, {
        kind: 'authorization',
        amount: '6.00',
        merchant: 'Coffee Shop',
        transaction_id: 'auth-coffee',
      }),
      409,
      'idempotency_conflict',
    );
    expect(await spentSince(owner, before)).toBe('5.00');

    const declined = await cards.transact(owner, card.card_id, {
      kind: 'authorization',
      amount: '99999999.00',
      merchant: 'Jeweller',
    });
    expect(declined).toMatchObject({ status: 'declined', decline_reason: 'insufficient_funds' });
    expect(await spentSince(owner, before)).toBe('5.00');

    const reversed = await cards.transact(owner, card.card_id, {
      kind: 'reversal',
      transaction_id: 'auth-coffee',
    });
    expect(reversed).toMatchObject({ status: 'reversed', amount: '5.00' });
    expect(await spentSince(owner, before)).toBe('0.00');

    const listed = await json<{ transactions: CardTransactionBody[] }>(
      await cards.transactionsRaw(owner, card.card_id),
      200,
    );
    expect(listed.transactions.map((row) => row.status)).toEqual(['declined', 'reversed']);
    await expectError(await cards.transactionsRaw(other, card.card_id), 404, 'not_found');

    const hooks = await delivered(
      'card_transaction',
      (data) => data.card_id === card.card_id && data.status === 'declined',
    );
    expect(hooks[0]!.data).toEqual({
      account_id: owner.account_id,
      card_id: card.card_id,
      transaction_id: declined.transaction_id,
      status: 'declined',
      amount_usdt: '99999999.00',
      merchant: 'Jeweller',
    });
    const on_stream = await streamed(
      'card_transaction',
      (data) => data.transaction_id === 'auth-coffee' && data.status === 'reversed',
    );
    expect(on_stream[0]!.data).toMatchObject({ amount_usdt: '5.00', merchant: 'Coffee Shop' });
  });

  it('adjusts an authorization to a larger or a smaller final amount', async () => {
    const card = await cards.issue(owner);
    const before = await usd(owner);
    const authorize = (transaction_id: string) =>
      cards.transact(owner, card.card_id, {
        kind: 'authorization',
        amount: '4.00',
        merchant: 'Taxi',
        transaction_id,
      });
    await authorize('taxi-up');
    const up = await cards.transact(owner, card.card_id, {
      kind: 'adjustment',
      transaction_id: 'taxi-up',
      amount: '4.50',
    });
    expect(up).toMatchObject({ status: 'adjusted', amount: '4.50', authorized_amount: '4.00' });
    await authorize('taxi-down');
    const down = await cards.transact(owner, card.card_id, {
      kind: 'adjustment',
      transaction_id: 'taxi-down',
      amount: '3.25',
    });
    expect(down).toMatchObject({ status: 'adjusted', amount: '3.25' });
    expect(await spentSince(owner, before)).toBe('7.75');
    await expectError(
      await cards.transactRaw(owner, card.card_id, {
        kind: 'reversal',
        transaction_id: 'taxi-down',
      }),
      400,
      'invalid_request',
    );
    await expectError(
      await cards.transactRaw(owner, card.card_id, { kind: 'refund', amount: '1.00' }),
      400,
      'invalid_request',
    );
    await expectError(
      await cards.transactRaw(owner, card.card_id, {
        kind: 'authorization',
        amount: '1.001',
        merchant: 'Taxi',
      }),
      400,
      'invalid_amount',
    );
    await expectError(
      await cards.transactRaw(other, card.card_id, {
        kind: 'authorization',
        amount: '1.00',
        merchant: 'Taxi',
      }),
      404,
      'not_found',
    );
  });

  it('declines purchases on a frozen card and emits card_status_changed', async () => {
    const card = await cards.issue(owner);
    await cards.action(owner, card.card_id, 'freeze');
    const declined = await cards.transact(owner, card.card_id, {
      kind: 'authorization',
      amount: '1.00',
      merchant: 'Kiosk',
    });
    expect(declined).toMatchObject({ status: 'declined', decline_reason: 'card_frozen' });
    const hooks = await delivered(
      'card_status_changed',
      (data) => data.card_id === card.card_id && data.status === 'frozen',
    );
    expect(hooks[0]!.data).toEqual({
      account_id: owner.account_id,
      card_id: card.card_id,
      status: 'frozen',
      reason: 'user_requested',
    });
    await streamed('card_status_changed', (data) => data.card_id === card.card_id);
  });

  it('charges the monthly fee once per card and month, and freezes a card that cannot pay', async () => {
    const payer = await cards.holder('feepay');
    await drain(payer);
    await send(other, payer, '1.50');
    const card = await cards.issue(payer);
    expect(await cards.runFees(payer, '2026-01')).toEqual({
      month: '2026-01',
      charged: 1,
      unpaid: 0,
      already_settled: 0,
    });
    expect(await usd(payer)).toBe('0.50');
    expect(await cards.runFees(payer, '2026-01')).toMatchObject({ charged: 0, already_settled: 1 });
    expect(await usd(payer)).toBe('0.50');

    expect(await cards.runFees(payer, '2026-02')).toMatchObject({ charged: 0, unpaid: 1 });
    const frozen = await json(await cards.cardRaw(payer, card.card_id), 200);
    expect(frozen).toMatchObject({ status: 'frozen', reason: 'monthly_fee_unpaid' });
    await expectError(
      await cards.actionRaw(payer, card.card_id, 'unfreeze'),
      402,
      'insufficient_funds',
    );
    await send(other, payer, '2.00');
    expect(await cards.action(payer, card.card_id, 'unfreeze')).toMatchObject({
      status: 'active',
      reason: null,
    });
    expect(await usd(payer)).toBe('1.50');
    expect(await cards.runFees(payer, '2026-02')).toMatchObject({ unpaid: 0, already_settled: 1 });
    await expectError(await cards.runFeesRaw(payer, '2026-13'), 400, 'invalid_range');
  });
});
