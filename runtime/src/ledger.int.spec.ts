import fc from 'fast-check';
import { parseEventEnvelope, type DomainEventEnvelope } from '@platform/contracts';
import type { Pool } from 'pg';
import { Money } from '@platform/money';
import { createPool } from '@platform/persistence';
import type { PgEventStore } from '@platform/event-store';
import {
  BALANCES_SUBSCRIPTION,
  LEDGER_EVENTS_SCHEMA,
  openLedgerEventStore,
  rebuildBalances,
} from '@platform/svc-ledger';
import { startTestPlatform, type TestPlatform } from './test-platform';

type BusReply =
  { ok: true; value: Record<string, unknown> } | { ok: false; error: string; message: string };

interface Movement {
  type: string;
  account_id: string;
  asset: string;
  amount: string;
  available_after: string;
  held_after: string;
  total_after: string;
}

interface OperationValue {
  operation_id: string;
  movements: Movement[];
}

interface BalanceView {
  asset: string;
  decimals: number;
  available: string;
  held: string;
  total: string;
}

/** The ledger over the bus of the test environment, as other services call it. */
describe('ledger over the bus (all-in-one platform)', () => {
  let platform: TestPlatform;
  let pool: Pool;
  let store: PgEventStore;

  beforeAll(async () => {
    platform = await startTestPlatform('ledger');
    pool = createPool({
      url: platform.environments.test.database_url,
      schema: 'ledger',
      max_connections: 3,
    });
    store = await openLedgerEventStore(pool, 'test');
  });

  afterAll(async () => {
    await pool.end();
    await platform.dispose();
  });

  const send = async (pattern: string, payload: unknown): Promise<BusReply> =>
    (await platform.environments.test.bus.request(`ledger.${pattern}`, payload)) as BusReply;

  const succeed = async (pattern: string, payload: unknown): Promise<OperationValue> => {
    const reply = await send(pattern, payload);
    if (!reply.ok) throw new Error(`${pattern} failed: ${reply.error} ${reply.message}`);
    return reply.value as unknown as OperationValue;
  };

  const usd = (account_id: string, operation_id: string, amount: string, kind = 'payin') => ({
    account_id,
    operation_id,
    asset: 'USD',
    amount,
    kind,
  });

  /** Waits until the balances projection has applied every stored ledger event. */
  async function projectionCaughtUp(): Promise<void> {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const { rows } = await pool.query<{ behind: boolean }>(
        `select coalesce((select max(position) from ${LEDGER_EVENTS_SCHEMA}.events), 0) >
                coalesce((select position from ${LEDGER_EVENTS_SCHEMA}.subscription_checkpoints
                           where name = $1), 0) as behind`,
        [BALANCES_SUBSCRIPTION],
      );
      if (rows[0]?.behind === false) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the balances projection did not catch up');
  }

  async function balances(account_id: string): Promise<Record<string, BalanceView>> {
    await projectionCaughtUp();
    const reply = await send('get_balances', { account_id });
    if (!reply.ok) throw new Error(reply.error);
    const list = reply.value.balances as BalanceView[];
    return Object.fromEntries(list.map((balance) => [balance.asset, balance]));
  }

  async function streamLength(account_id: string): Promise<number> {
    return (await store.readStream(`account-${account_id}`)).length;
  }

  async function projectionSnapshot(): Promise<string[]> {
    const { rows } = await pool.query<{ row: string }>(
      `select concat_ws('|', account_id, asset, available::text, held::text, total::text) as row
         from ledger.balances order by account_id, asset`,
    );
    return rows.map((row) => row.row);
  }

  it('credits then debits, replying with what moved', async () => {
    const credit = await succeed('credit_funds', usd('cd-1', 'cd-op-1', '100'));
    expect(credit).toEqual({
      operation_id: 'cd-op-1',
      movements: [
        expect.objectContaining({
          type: 'ledger.funds_credited',
          account_id: 'cd-1',
          asset: 'USD',
          amount: '100.00',
          available_after: '100.00',
          held_after: '0.00',
          total_after: '100.00',
        }),
      ],
    });
    const debit = await succeed('debit_funds', usd('cd-1', 'cd-op-2', '40.5', 'payout'));
    expect(debit.movements[0]).toMatchObject({
      type: 'ledger.funds_debited',
      amount: '40.50',
      available_after: '59.50',
    });
    const all = await balances('cd-1');
    expect(Object.keys(all)).toHaveLength(10);
    expect(all.USD).toEqual({
      asset: 'USD',
      decimals: 2,
      available: '59.50',
      held: '0.00',
      total: '59.50',
    });
    expect(all.BTC).toEqual({
      asset: 'BTC',
      decimals: 8,
      available: '0.00000000',
      held: '0.00000000',
      total: '0.00000000',
    });
  });

  it('refuses a debit above the balance with insufficient_funds and changes nothing', async () => {
    await succeed('credit_funds', usd('if-1', 'if-op-1', '10.00'));
    const before = await streamLength('if-1');
    const reply = await send('debit_funds', usd('if-1', 'if-op-2', '10.01'));
    expect(reply).toEqual({ ok: false, error: 'insufficient_funds', message: expect.any(String) });
    expect(await streamLength('if-1')).toBe(before);
    expect((await balances('if-1')).USD).toMatchObject({ available: '10.00', total: '10.00' });
  });

  it('validates commands at the door', async () => {
    expect(await send('credit_funds', usd('v-1', 'v-op-1', '1.001'))).toMatchObject({
      ok: false,
      error: 'invalid_amount',
    });
    expect(await send('credit_funds', { ...usd('v-1', 'v-op-2', '1'), extra: 1 })).toMatchObject({
      ok: false,
      error: 'invalid_json',
    });
    expect(
      await send('credit_funds', { ...usd('v-1', 'v-op-3', '1'), asset: 'EUR' }),
    ).toMatchObject({ ok: false, error: 'invalid_request' });
  });

  it('holds count against available until posted or released', async () => {
    await succeed('credit_funds', usd('h-1', 'h-op-1', '100'));
    const placed = await succeed('place_hold', {
      ...usd('h-1', 'h-op-2', '30', 'payout'),
      hold_id: 'payout-1',
    });
    expect(placed.movements[0]).toMatchObject({ available_after: '70.00', held_after: '30.00' });
    expect(await send('debit_funds', usd('h-1', 'h-op-3', '70.01'))).toMatchObject({
      ok: false,
      error: 'insufficient_funds',
    });
    expect((await balances('h-1')).USD).toMatchObject({
      available: '70.00',
      held: '30.00',
      total: '100.00',
    });

    await succeed('place_hold', { ...usd('h-1', 'h-op-4', '20', 'payout'), hold_id: 'payout-2' });
    const posted = await succeed('post_hold', {
      account_id: 'h-1',
      operation_id: 'h-op-5',
      hold_id: 'payout-1',
    });
    expect(posted.movements[0]).toMatchObject({
      type: 'ledger.hold_posted',
      amount: '30.00',
      held_after: '20.00',
      total_after: '70.00',
    });
    await succeed('release_hold', {
      account_id: 'h-1',
      operation_id: 'h-op-6',
      hold_id: 'payout-2',
    });
    expect((await balances('h-1')).USD).toMatchObject({
      available: '70.00',
      held: '0.00',
      total: '70.00',
    });
    expect(
      await send('release_hold', {
        account_id: 'h-1',
        operation_id: 'h-op-7',
        hold_id: 'payout-1',
      }),
    ).toMatchObject({ ok: false, error: 'already_decided' });
    expect(
      await send('post_hold', { account_id: 'h-1', operation_id: 'h-op-8', hold_id: 'nothing' }),
    ).toMatchObject({ ok: false, error: 'not_found' });
  });

  it('transfers atomically: both legs or neither', async () => {
    await succeed('credit_funds', usd('t-payer', 't-op-1', '50'));
    const transfer = {
      from_account_id: 't-payer',
      to_account_id: 't-payee',
      operation_id: 't-op-2',
      asset: 'USD',
      amount: '20',
    };
    const moved = await succeed('transfer_funds', transfer);
    expect(moved.movements).toEqual([
      expect.objectContaining({
        account_id: 't-payer',
        type: 'ledger.funds_debited',
        available_after: '30.00',
      }),
      expect.objectContaining({
        account_id: 't-payee',
        type: 'ledger.funds_credited',
        available_after: '20.00',
      }),
    ]);

    const too_much = await send('transfer_funds', {
      ...transfer,
      operation_id: 't-op-3',
      amount: '30.01',
    });
    expect(too_much).toMatchObject({ ok: false, error: 'insufficient_funds' });

    // The payee's leg is refused (its stream used this operation_id for something else): the
    // payer's debit, which alone would fit, is not written either.
    await succeed('credit_funds', usd('t-payee', 't-op-4', '1'));
    const payer_events = await streamLength('t-payer');
    const conflicting = await send('transfer_funds', {
      ...transfer,
      operation_id: 't-op-4',
      amount: '5',
    });
    expect(conflicting).toMatchObject({ ok: false, error: 'idempotency_conflict' });
    expect(await streamLength('t-payer')).toBe(payer_events);

    expect(
      await send('transfer_funds', {
        ...transfer,
        to_account_id: 't-payer',
        operation_id: 't-op-5',
      }),
    ).toMatchObject({ ok: false, error: 'self_transfer' });
    expect((await balances('t-payer')).USD).toMatchObject({ available: '30.00' });
    expect((await balances('t-payee')).USD).toMatchObject({ available: '21.00' });
  });

  it('replays an operation_id with the original reply and moves money once', async () => {
    const first = await succeed('credit_funds', usd('i-1', 'i-op-1', '10'));
    await succeed('credit_funds', usd('i-1', 'i-op-2', '5'));
    const again = await succeed('credit_funds', usd('i-1', 'i-op-1', '10.00'));
    expect(again).toEqual(first);
    expect(await streamLength('i-1')).toBe(2);
    expect(await send('credit_funds', usd('i-1', 'i-op-1', '11'))).toMatchObject({
      ok: false,
      error: 'idempotency_conflict',
    });
    expect((await balances('i-1')).USD).toMatchObject({ available: '15.00' });
  });

  it('50 concurrent transfers that together exceed the balance: exactly the ones that fit succeed', async () => {
    await succeed('credit_funds', usd('c-payer', 'c-fund', '25.00'));
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        send('transfer_funds', {
          from_account_id: 'c-payer',
          to_account_id: `c-payee-${index % 5}`,
          operation_id: `c-op-${index}`,
          asset: 'USD',
          amount: '1.00',
        }),
      ),
    );
    const refused = replies.filter((reply) => !reply.ok);
    expect(replies.filter((reply) => reply.ok)).toHaveLength(25);
    expect(refused).toHaveLength(25);
    expect(refused.every((reply) => !reply.ok && reply.error === 'insufficient_funds')).toBe(true);
    expect((await balances('c-payer')).USD).toMatchObject({ available: '0.00', total: '0.00' });
    let received = Money.zero('USD');
    for (let index = 0; index < 5; index += 1) {
      received = received.add(Money.parse('USD', (await balances(`c-payee-${index}`)).USD!.total));
    }
    expect(received.toString()).toBe('25.00');
    expect(await store.verifyStream('account-c-payer')).toMatchObject({
      valid: true,
      last_version: 26,
    });
  });

  it('publishes committed ledger events on the bus, one envelope per movement', async () => {
    const seen: DomainEventEnvelope[] = [];
    const subscription = await platform.environments.test.bus.subscribe({
      topics: ['events.ledger'],
      group: 'ledger-int-spec',
      handler: async (message) => {
        seen.push(parseEventEnvelope(message.payload));
      },
    });
    try {
      await succeed('credit_funds', usd('bus-1', 'bus-op-1', '3'));
      for (let attempt = 0; attempt < 200; attempt += 1) {
        if (seen.some((event) => event.account_id === 'bus-1')) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(seen.filter((event) => event.account_id === 'bus-1')).toEqual([
        expect.objectContaining({
          type: 'ledger.funds_credited',
          stream: 'account-bus-1',
          environment: 'test',
          data: expect.objectContaining({ operation_id: 'bus-op-1', amount: '3.00' }),
        }),
      ]);
    } finally {
      await subscription.close();
    }
  });

  describe('invariants under random concurrent commands (fast-check)', () => {
    const ACCOUNTS = 3;
    type Step =
      | { kind: 'credit'; account: number; cents: number }
      | { kind: 'debit'; account: number; cents: number }
      | { kind: 'transfer'; from: number; to: number; cents: number }
      | { kind: 'hold'; account: number; cents: number }
      | { kind: 'end_hold'; hold: number; post: boolean }
      | { kind: 'repeat'; step: number };

    const account = fc.integer({ min: 0, max: ACCOUNTS - 1 });
    const cents = fc.integer({ min: 1, max: 5000 });
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ kind: fc.constant('credit' as const), account, cents }),
      fc.record({ kind: fc.constant('debit' as const), account, cents }),
      fc.record({ kind: fc.constant('transfer' as const), from: account, to: account, cents }),
      fc.record({ kind: fc.constant('hold' as const), account, cents }),
      fc.record({ kind: fc.constant('end_hold' as const), hold: fc.nat(15), post: fc.boolean() }),
      fc.record({ kind: fc.constant('repeat' as const), step: fc.nat(15) }),
    );
    const EXPECTED_ERRORS = new Set([
      'insufficient_funds',
      'not_found',
      'already_decided',
      'self_transfer',
    ]);

    let run = 0;

    it('keeps balances non-negative, conserves sums, moves each operation once, replays equal', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
          run += 1;
          const accountId = (index: number) => `p${run}-a${index}`;
          const amount = (value: number) => Money.fromMinor('USD', BigInt(value)).toString();
          const commands: { pattern: string; payload: Record<string, unknown> }[] = [];
          steps.forEach((current, index) => {
            const operation_id = `p${run}-op-${index}`;
            switch (current.kind) {
              case 'credit':
              case 'debit':
                commands.push({
                  pattern: current.kind === 'credit' ? 'credit_funds' : 'debit_funds',
                  payload: usd(accountId(current.account), operation_id, amount(current.cents)),
                });
                break;
              case 'transfer':
                commands.push({
                  pattern: 'transfer_funds',
                  payload: {
                    from_account_id: accountId(current.from),
                    to_account_id: accountId(current.to),
                    operation_id,
                    asset: 'USD',
                    amount: amount(current.cents),
                  },
                });
                break;
              case 'hold':
                commands.push({
                  pattern: 'place_hold',
                  payload: {
                    ...usd(accountId(current.account), operation_id, amount(current.cents)),
                    hold_id: operation_id,
                  },
                });
                break;
              case 'end_hold': {
                const target = steps[current.hold];
                const holder = target?.kind === 'hold' ? target.account : 0;
                commands.push({
                  pattern: current.post ? 'post_hold' : 'release_hold',
                  payload: {
                    account_id: accountId(holder),
                    operation_id,
                    hold_id: `p${run}-op-${current.hold}`,
                  },
                });
                break;
              }
              case 'repeat': {
                const original = commands[current.step % commands.length];
                if (original) commands.push(original);
                break;
              }
              default: {
                const unknown: never = current;
                throw new Error(`unknown step ${JSON.stringify(unknown)}`);
              }
            }
          });

          const replies = await Promise.all(
            commands.map((command) => send(command.pattern, command.payload)),
          );

          // Each operation_id: every successful reply is the same, and it counts once.
          const succeeded = new Map<
            string,
            { pattern: string; reply: string; value: OperationValue }
          >();
          replies.forEach((reply, index) => {
            const command = commands[index]!;
            if (!reply.ok) {
              expect(EXPECTED_ERRORS).toContain(reply.error);
              return;
            }
            const value = reply.value as unknown as OperationValue;
            const seen = succeeded.get(value.operation_id);
            if (seen) expect(JSON.stringify(value)).toBe(seen.reply);
            else
              succeeded.set(value.operation_id, {
                pattern: command.pattern,
                reply: JSON.stringify(value),
                value,
              });
          });

          // The sum over all accounts moves only by credits, debits and posted holds.
          let external = Money.zero('USD');
          for (const { pattern, value } of succeeded.values()) {
            const moved = Money.parse('USD', value.movements[0]!.amount);
            if (pattern === 'credit_funds') external = external.add(moved);
            if (pattern === 'debit_funds' || pattern === 'post_hold')
              external = external.subtract(moved);
          }
          let total = Money.zero('USD');
          for (let index = 0; index < ACCOUNTS; index += 1) {
            const usd_balance = (await balances(accountId(index))).USD!;
            expect(usd_balance.available.startsWith('-')).toBe(false);
            expect(usd_balance.held.startsWith('-')).toBe(false);
            total = total.add(Money.parseSigned('USD', usd_balance.total));
          }
          expect(total.toString()).toBe(external.toString());

          // One operation_id is one event per stream.
          const { rows } = await pool.query<{ duplicates: string }>(
            `select count(*)::text as duplicates from (
               select stream, data->>'operation_id' from ${LEDGER_EVENTS_SCHEMA}.events
                where stream like $1 group by 1, 2 having count(*) > 1) as repeated`,
            [`account-p${run}-%`],
          );
          expect(rows[0]?.duplicates).toBe('0');

          // Replaying every event from zero rebuilds exactly the live projection.
          await projectionCaughtUp();
          const live = await projectionSnapshot();
          await rebuildBalances(pool);
          expect(await projectionSnapshot()).toEqual(live);
        }),
        { numRuns: 15 },
      );
    });

    it('a rebuild repairs a projection row that drifted', async () => {
      await projectionCaughtUp();
      const live = await projectionSnapshot();
      await pool.query(`update ledger.balances set available = available + 1`);
      expect(await projectionSnapshot()).not.toEqual(live);
      await rebuildBalances(pool);
      expect(await projectionSnapshot()).toEqual(live);
    });
  });
});
