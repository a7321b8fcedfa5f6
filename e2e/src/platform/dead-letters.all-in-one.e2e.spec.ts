import { createHash, randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { PgEventStore } from '@platform/event-store';
import { createPool } from '@platform/persistence';
import { startAllInOneOnly, type E2eAllInOnePlatform } from '../harness';
import {
  eventually,
  http,
  json,
  ledgerClient,
  payoutsClient,
  pix,
  type TestAccount,
} from '../clients';

/**
 * D12 and issue 13: one bad record never stops a projection, consumer or worker for the others.
 * The bad records are put where an attacker who found a hole below the edge would put them: an
 * event appended to the ledger's store, a message on the bus, a payin row changed in SQL. That is
 * below every route, so the suite runs on the all-in-one runtime only, and also stops a service
 * there to see the operator's listing go on without it.
 */
describe('poison records are set aside and the rest goes on (D12)', () => {
  let platform: E2eAllInOnePlatform;
  let pool: Pool;
  let ledger_events: PgEventStore;
  const client = http(() => platform.environments.test);
  const ledger = ledgerClient(() => platform.environments.test, 'poison');
  /** The pace the workers set aside a record at: polled every 100 ms, for a minute. */
  const PATIENCE = { attempts: 600, poll_ms: 100 };

  beforeAll(async () => {
    platform = await startAllInOneOnly({
      label: 'poison',
      settings: {
        SANDBOX_STEP_MS: '1000',
        DEAD_LETTER_MAX_ATTEMPTS: '3',
        DEAD_LETTER_BACKOFF_MS: '50',
      },
    });
    pool = createPool({ url: platform.internals('test').database_url, max_connections: 3 });
    ledger_events = new PgEventStore(pool, { schema: 'ledger_events', environment: 'test' });
  });

  afterAll(async () => {
    await pool?.end();
    await platform?.close();
  });

  interface Letter {
    letter_id: string;
    service: string;
    source: string;
    record_key: string;
    reason: string;
    attempts: number;
    last_failed_at: string;
    payload: unknown;
  }

  async function letters(
    query = '',
  ): Promise<{ total: number; dead_letters: Letter[]; unavailable: string[] }> {
    return json(await client.operator('GET', `/admin/v1/dead-letters${query}`), 200);
  }

  const letterOf = (source: string, record_key: string, service?: string) => async () =>
    (await letters()).dead_letters.find(
      (letter) =>
        letter.source === source &&
        letter.record_key === record_key &&
        (service === undefined || letter.service === service),
    );

  /** The value `read` gives once it gives one. */
  const found = async <T>(read: () => Promise<T | undefined>): Promise<T> =>
    (await eventually(read, (value) => value !== undefined, PATIENCE))!;

  interface Movement {
    amount: string;
    balance_after: string;
    kind: string;
    reference_id: string;
  }

  const movements = async (account: TestAccount): Promise<Movement[]> =>
    (
      await json<{ movements: Movement[] }>(
        await ledger.call('GET', '/v1/movements?page_size=100', account.headers),
        200,
      )
    ).movements;

  async function transfer(from: TestAccount, to: TestAccount, amount: string) {
    const body = { recipient: to.account_id, asset: 'USD', amount };
    return json<{ transfer_id: string }>(
      await ledger.call('POST', '/v1/transfers', from.headers, body),
      201,
    );
  }

  /** The transfer shows in the payee's movements: the projections got past what came before. */
  const projected = (payee: TestAccount, transfer_id: string) =>
    found(async () => (await movements(payee)).find((row) => row.reference_id === transfer_id));

  /** Appends a `ledger.funds_credited` to an account's stream, past the ledger's rules. */
  async function appendCredit(account_id: string, data: Record<string, unknown>): Promise<string> {
    const event_id = randomUUID();
    await ledger_events.append(
      `account-${account_id}`,
      [
        {
          event_id,
          type: 'ledger.funds_credited',
          account_id,
          data: {
            account_id,
            operation_id: `injected-${event_id}`,
            asset: 'USD',
            kind: 'payin',
            reference_id: event_id,
            ...data,
          },
        },
      ],
      { expected_version: 'any' },
    );
    return event_id;
  }

  const usdAvailable = async (account: TestAccount): Promise<bigint> =>
    BigInt((await ledger.available(account, 'USD')).replace('.', ''));
  const usdText = (minor: bigint): string =>
    `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;

  it('projects a credit longer than any client amount, for its account and every other', async () => {
    const holder = await ledger.newTestAccount();
    const payee = await ledger.newTestAccount();
    // The credit of issue 13, grown to where the balance after it no longer fit the 40
    // characters amounts were read with: the projection then retried it forever, for everyone.
    const huge = BigInt(`${'9'.repeat(37)}00`);
    const balance = (await usdAvailable(holder)) + huge;
    await appendCredit(holder.account_id, {
      amount: usdText(huge),
      balance_after: usdText(balance),
    });

    const sent = await transfer(holder, payee, '1.00');
    await projected(payee, sent.transfer_id);
    const holder_rows = await movements(holder);
    expect(holder_rows[0]).toMatchObject({
      kind: 'transfer',
      amount: '-1.00',
      balance_after: usdText(balance - 100n),
    });
    expect(holder_rows[1]).toMatchObject({
      amount: usdText(huge),
      balance_after: usdText(balance),
    });
    expect(await ledger.available(holder, 'USD')).toBe(usdText(balance - 100n));
    const history = await ledger.call('GET', '/v1/balances/history', payee.headers);
    expect(history.status).toBe(200);
    expect((await letters('?service=ledger')).dead_letters).toEqual([]);
  });

  it('sets a ledger event it cannot apply aside, with its reason, and goes on', async () => {
    const payer = await ledger.newTestAccount();
    const payee = await ledger.newTestAccount();
    const poison_id = await appendCredit(randomUUID(), {
      amount: 'a lot',
      balance_after: 'a lot',
    });
    const after = await transfer(payer, payee, '2.00');

    await projected(payee, after.transfer_id);
    const letter = await found(letterOf('projection:ledger', poison_id));
    expect(letter).toMatchObject({
      service: 'ledger',
      reason: expect.stringContaining('amount must be a positive decimal string'),
      attempts: 3,
      payload: { event_id: poison_id, type: 'ledger.funds_credited' },
    });
    // Filtered by service and source, and paged, as the CLI asks for it.
    const filtered = await letters('?service=ledger&source=projection:ledger&page_size=1');
    expect(filtered).toMatchObject({ page: 1, page_size: 1, total: 1 });
    expect(filtered.dead_letters.map((letter) => letter.record_key)).toEqual([poison_id]);
    // Later events of everyone still go through.
    const later = await transfer(payee, payer, '1.00');
    await projected(payer, later.transfer_id);
  });

  it('sets aside a bus event its consumers refuse, and takes the next ones', async () => {
    const message_id = randomUUID();
    await platform
      .internals('test')
      .bus.publish('events.payins', [
        { id: message_id, key: 'poison', payload: { not: 'an event envelope' } },
      ]);
    const letter = await found(letterOf('consumer:events.payins', message_id, 'notifications'));
    expect(letter).toMatchObject({
      service: 'notifications',
      attempts: 5,
      payload: { not: 'an event envelope' },
    });
    expect(letter.reason).toContain('ZodError');
    // Compliance reads payins' events too (card disputes): it sets the same message aside.
    const compliance_letter = await found(
      letterOf('consumer:events.payins', message_id, 'compliance'),
    );
    expect(compliance_letter).toMatchObject({
      service: 'compliance',
      payload: { not: 'an event envelope' },
      reason: expect.any(String),
    });
    // So does risk-scoring's projection of payment history: it sets the message aside too, keyed
    // by a digest of its body (it has no event id), so another poison message keeps its own letter.
    const poison_digest = createHash('sha256')
      .update(JSON.stringify({ not: 'an event envelope' }))
      .digest('hex');
    const risk_letter = await found(
      letterOf(
        'projection:risk-scoring.payment-history',
        `unparsed:${poison_digest.slice(0, 32)}`,
        'risk-scoring',
      ),
    );
    expect(risk_letter).toMatchObject({
      service: 'risk-scoring',
      payload: { not: 'an event envelope' },
      reason: expect.stringContaining('not an event envelope'),
    });

    const account = await ledger.newTestAccount();
    const payin = await createPayin(account, '12.00');
    await found(async () => {
      const listed = await json<{ events: { type: string; data: { payin_id?: string } }[] }>(
        await ledger.call('GET', '/v1/events?types=payin_credited', {
          ...account.headers,
          accept: 'application/json',
        }),
        200,
      );
      return listed.events.find((event) => event.data.payin_id === payin) ? true : undefined;
    });
  });

  async function createPayin(account: TestAccount, amount: string): Promise<string> {
    const body = { method: 'bank_transfer', country: 'US', currency: 'USD', amount };
    const created = await json<{ payin_id: string }>(
      await ledger.call('POST', '/v1/payins', account.headers, body),
      201,
    );
    return created.payin_id;
  }

  const payinStatus = async (account: TestAccount, payin_id: string) =>
    (
      await json<{ status: string }>(
        await ledger.call('GET', `/v1/payins/${payin_id}`, account.headers),
        200,
      )
    ).status;

  /** Until the payin is credited. */
  const credited = (account: TestAccount, payin_id: string) =>
    eventually(
      () => payinStatus(account, payin_id),
      (status) => status === 'credited',
      PATIENCE,
    );

  it('sets aside a payin whose collection step always fails, and collects the others', async () => {
    const account = await ledger.newTestAccount();
    const poison = await createPayin(account, '30.00');
    // Issue 13: a 38-digit payin stayed pending, its collection step retried ~7 times a second.
    // Put below the edge, as the edge now refuses such an amount.
    await pool.query(`update payins.payins set local_amount = $2::numeric where payin_id = $1`, [
      poison,
      '9'.repeat(38),
    ]);

    // Others keep going through while it fails; once it failed often enough, it is set aside.
    let letter: Letter | undefined;
    for (let round = 0; round < 10 && !letter; round += 1) {
      await credited(account, await createPayin(account, '5.00'));
      letter = await letterOf('worker:collection_step', poison)();
    }
    expect(letter).toMatchObject({ service: 'payins', payload: { payin_id: poison } });
    expect(letter?.reason).toContain('amount');
    // Tried a bounded number of times, then left alone: no retry loop after it was set aside.
    expect(letter?.attempts).toBeGreaterThanOrEqual(3);
    expect(letter?.attempts).toBeLessThanOrEqual(10);
    await credited(account, await createPayin(account, '6.00'));
    expect(await letterOf('worker:collection_step', poison)()).toEqual(letter);
    expect(await payinStatus(account, poison)).toBe('pending');

    // The operator forgets the letter: the worker tries the payin again, and sets it aside again.
    const forgotten = await client.operator(
      'DELETE',
      `/admin/v1/dead-letters/payins/${letter!.letter_id}`,
    );
    expect(await json(forgotten, 200)).toMatchObject({ record_key: poison });
    const again = await found(async () => {
      await createPayin(account, '7.00');
      return letterOf('worker:collection_step', poison)();
    });
    expect(again.letter_id).not.toBe(letter!.letter_id);
    const missing = await client.operator(
      'DELETE',
      `/admin/v1/dead-letters/payins/${letter!.letter_id}`,
    );
    expect(await json(missing, 404)).toMatchObject({ error: 'not_found' });
  });

  it('sets aside a payout whose step always fails, and completes the others', async () => {
    const payouts = payoutsClient(platform.environments.test);
    const account = await payouts.register();
    const create = async (amount: string) => {
      const created = await payouts.create(account, pix(amount, { idempotency_key: randomUUID() }));
      expect(created.status).toBe(202);
      return created.body.payout_id;
    };
    // A state no step knows, put below the edge, and due now.
    const poison = await create('11.00');
    await pool.query(
      `update payouts.payouts set next_step_at = now(), status_code = 'tampered'
        where payout_id = $1`,
      [poison],
    );

    // Others complete while it fails; once it failed often enough, it is set aside.
    let letter: Letter | undefined;
    for (let round = 0; round < 10 && !letter; round += 1) {
      const other = await create(`${12 + round}.00`);
      expect((await payouts.awaitPayout(account, other)).status).toBe('completed');
      letter = await letterOf('worker:payout_step', poison, 'payouts')();
    }
    expect(letter).toMatchObject({ payload: { payout_id: poison } });
    expect(letter?.reason).toContain('tampered');
  });

  it('lists every service’s letters to the operator only, and refuses a bad filter', async () => {
    const all = await letters();
    expect(new Set(all.dead_letters.map((letter) => letter.service))).toEqual(
      new Set(['compliance', 'ledger', 'notifications', 'payins', 'payouts', 'risk-scoring']),
    );
    expect(all.total).toBe(all.dead_letters.length);
    const bad = await client.operator('GET', '/admin/v1/dead-letters?service=nowhere');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: 'invalid_request',
      message: expect.any(String),
      request_id: expect.any(String),
    });
    const anonymous = await client.request('GET', '/admin/v1/dead-letters');
    expect(anonymous.status).toBe(401);
  });

  it('still lists the others’ letters when a service does not answer, and names it', async () => {
    const risk = platform.internals('test').services.find(({ name }) => name === 'risk-scoring');
    await risk!.app.close();
    const listed = await letters();
    expect(listed.unavailable).toEqual(['risk-scoring']);
    expect(listed.dead_letters.length).toBeGreaterThan(0);
  });
});
