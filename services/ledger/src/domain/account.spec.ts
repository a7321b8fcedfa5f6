import { DomainError } from '@platform/contracts';
import { Money } from '@platform/money';
import { decide, feeCreditFor } from './account-decide';
import type { AccountCommand } from './account-events';
import {
  evolve,
  foldAccount,
  holdOfEvents,
  initialAccountState,
  withOperationsTrimmed,
  withRecalledHold,
  withRecalledOperation,
  type AccountState,
} from './account-state';

const ACCOUNT = 'acc-1';

function usd(text: string) {
  return Money.parse('USD', text);
}

function movement(operation_id: string, amount: string) {
  return {
    account_id: ACCOUNT,
    operation_id,
    amount: usd(amount),
    kind: 'payin',
    reference_id: operation_id,
  };
}

const credit = (operation_id: string, amount: string): AccountCommand => ({
  type: 'credit_funds',
  data: movement(operation_id, amount),
});
const debit = (operation_id: string, amount: string): AccountCommand => ({
  type: 'debit_funds',
  data: movement(operation_id, amount),
});
const hold = (operation_id: string, hold_id: string, amount: string): AccountCommand => ({
  type: 'place_hold',
  data: { ...movement(operation_id, amount), hold_id },
});

const post = (operation_id: string, hold_id: string): AccountCommand => ({
  type: 'post_hold',
  data: { account_id: ACCOUNT, operation_id, hold_id },
});

/** Runs commands in order as the handler does: decide, then evolve by what was decided. */
function run(commands: AccountCommand[], state = initialAccountState()): AccountState {
  return commands.reduce(
    (current, command) => decide(command, current).reduce(evolve, current),
    state,
  );
}

function expectRefusal(action: () => unknown, code: string) {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(code);
    return;
  }
  throw new Error(`expected ${code}`);
}

function balance(state: AccountState) {
  const { available, held } = state.balances.USD;
  return { available: available.toString(), held: held.toString() };
}

describe('ledger account: credit and debit', () => {
  it('credits with the available balance after, at the asset precision', () => {
    const events = decide(credit('op-1', '10'), initialAccountState());
    expect(events).toEqual([
      {
        type: 'ledger.funds_credited',
        data: {
          account_id: ACCOUNT,
          operation_id: 'op-1',
          asset: 'USD',
          amount: '10.00',
          balance_after: '10.00',
          kind: 'payin',
          reference_id: 'op-1',
        },
      },
    ]);
  });

  it('debits down to exactly zero', () => {
    const state = run([credit('op-1', '10.00'), debit('op-2', '10.00')]);
    expect(balance(state)).toEqual({ available: '0.00', held: '0.00' });
  });

  it('refuses a debit above the available balance with insufficient_funds', () => {
    const state = run([credit('op-1', '10.00')]);
    expectRefusal(() => decide(debit('op-2', '10.01'), state), 'insufficient_funds');
  });

  it('keeps assets apart', () => {
    const state = run([credit('op-1', '10.00')]);
    const btc: AccountCommand = {
      type: 'debit_funds',
      data: { ...movement('op-2', '1'), amount: Money.parse('BTC', '0.00000001') },
    };
    expectRefusal(() => decide(btc, state), 'insufficient_funds');
  });
});

describe('ledger account: holds', () => {
  it('a hold counts against available and stays in the total', () => {
    const state = run([credit('op-1', '100'), hold('op-2', 'h1', '30')]);
    expect(balance(state)).toEqual({ available: '70.00', held: '30.00' });
    expectRefusal(() => decide(debit('op-3', '70.01'), state), 'insufficient_funds');
  });

  it('refuses a hold above the available balance', () => {
    const state = run([credit('op-1', '10')]);
    expectRefusal(() => decide(hold('op-2', 'h1', '11'), state), 'insufficient_funds');
  });

  it('posting a hold takes the held amount out', () => {
    const state = run([
      credit('op-1', '100'),
      hold('op-2', 'h1', '30'),
      { type: 'post_hold', data: { account_id: ACCOUNT, operation_id: 'op-3', hold_id: 'h1' } },
    ]);
    expect(balance(state)).toEqual({ available: '70.00', held: '0.00' });
  });

  it("carries the caller's statement text on a credit, a hold and the hold's release", () => {
    const text = 'Payout to Ana Diaz (PIX)';
    const paid_in = { ...movement('op-1', '100'), description: 'Payin via bank transfer' };
    const [credited] = decide({ type: 'credit_funds', data: paid_in }, initialAccountState());
    expect(credited?.data).toMatchObject({ description: 'Payin via bank transfer' });
    const state = run([credit('op-1', '100')]);
    const placing: AccountCommand = {
      type: 'place_hold',
      data: { ...movement('op-2', '30'), kind: 'payout', hold_id: 'h1', description: text },
    };
    const [placed] = decide(placing, state);
    expect(placed?.data).toMatchObject({ description: text });
    const held = run([placing], state);
    const release: AccountCommand = {
      type: 'release_hold',
      data: { account_id: ACCOUNT, operation_id: 'op-3', hold_id: 'h1' },
    };
    const [released] = decide(release, held);
    expect(released).toMatchObject({ type: 'ledger.hold_released', data: { description: text } });
    const [plain] = decide(hold('op-4', 'h2', '1'), state);
    expect(plain?.data).not.toHaveProperty('description');
  });

  it('releasing a hold gives it back to available, once', () => {
    const release = (operation_id: string): AccountCommand => ({
      type: 'release_hold',
      data: { account_id: ACCOUNT, operation_id, hold_id: 'h1' },
    });
    const state = run([credit('op-1', '100'), hold('op-2', 'h1', '30'), release('op-3')]);
    expect(balance(state)).toEqual({ available: '100.00', held: '0.00' });
    expectRefusal(() => decide(release('op-4'), state), 'already_decided');
    expectRefusal(
      () =>
        decide(
          { type: 'post_hold', data: { account_id: ACCOUNT, operation_id: 'op-5', hold_id: 'h1' } },
          state,
        ),
      'already_decided',
    );
  });

  it('keeps every open hold, and the last operations_kept ended ones once trimmed', () => {
    let state = run(
      [credit('op-0', '100'), hold('op-open', 'h-open', '1')],
      initialAccountState(2),
    );
    for (const n of [1, 2, 3, 4])
      state = run([hold(`op-h${n}`, `h${n}`, '1'), post(`op-p${n}`, `h${n}`)], state);
    expect(state.holds.size).toBe(5);
    const trimmed = withOperationsTrimmed(state);
    expect([...trimmed.holds.keys()].sort()).toEqual(['h-open', 'h3', 'h4']);
    expect(trimmed.ended_hold_order.toArray()).toEqual(['h3', 'h4']);
    expect(balance(trimmed)).toEqual({ available: '95.00', held: '1.00' });
  });

  it('a hold recalled from its events is ended again, and its id stays taken', () => {
    const funded = run([credit('op-0', '100')], initialAccountState(1));
    const placing = decide(hold('op-1', 'h1', '10'), funded);
    const placed = placing.reduce(evolve, funded);
    const ending = decide(post('op-2', 'h1'), placed);
    const ended = ending.reduce(evolve, placed);
    const recalled_hold = holdOfEvents('h1', [...placing, ...ending]);
    expect(recalled_hold).toEqual(ended.holds.get('h1'));
    expect(recalled_hold?.status).toBe('posted');
    const forgotten = withOperationsTrimmed(
      run([hold('op-3', 'h2', '1'), post('op-4', 'h2')], ended),
    );
    expect(forgotten.holds.has('h1')).toBe(false);
    const recalled = withRecalledHold(forgotten, recalled_hold!);
    expectRefusal(() => decide(post('op-5', 'h1'), recalled), 'already_decided');
    expectRefusal(() => decide(hold('op-6', 'h1', '1'), recalled), 'duplicate');
    expect(withOperationsTrimmed(recalled).ended_hold_order.toArray()).toEqual(['h1']);
  });

  it('refuses to end an unknown hold or to reuse a hold id', () => {
    const state = run([credit('op-1', '100'), hold('op-2', 'h1', '30')]);
    expectRefusal(
      () =>
        decide(
          {
            type: 'post_hold',
            data: { account_id: ACCOUNT, operation_id: 'op-3', hold_id: 'nope' },
          },
          state,
        ),
      'not_found',
    );
    expectRefusal(() => decide(hold('op-4', 'h1', '1'), state), 'duplicate');
  });
});

describe('ledger account: idempotency by operation_id', () => {
  it('the same operation again decides nothing and keeps what it moved', () => {
    const state = run([credit('op-1', '10.00')]);
    expect(decide(credit('op-1', '10'), state)).toEqual([]);
    expect(state.operations.get('op-1')?.moved).toEqual([
      expect.objectContaining({ amount: '10.00', available_after: '10.00' }),
    ]);
  });

  it('the same operation_id with another payload is idempotency_conflict', () => {
    const state = run([credit('op-1', '10.00')]);
    expectRefusal(() => decide(credit('op-1', '10.01'), state), 'idempotency_conflict');
    expectRefusal(() => decide(debit('op-1', '10.00'), state), 'idempotency_conflict');
  });

  it('keeps every operation decided on a state until it is trimmed to the last operations_kept', () => {
    const credits = ['op-1', 'op-2', 'op-3', 'op-4', 'op-5'].map((id) => credit(id, '1'));
    const decided = run(credits, initialAccountState(3));
    // Decided together on one state, a repeat of op-1 is still a replay.
    expect(decide(credit('op-1', '1'), decided)).toEqual([]);
    const state = withOperationsTrimmed(decided);
    expect([...state.operations.keys()].sort()).toEqual(['op-3', 'op-4', 'op-5']);
    expect(state.operation_order.toArray()).toEqual(['op-3', 'op-4', 'op-5']);
    expect(balance(state)).toEqual({ available: '5.00', held: '0.00' });
    expect(withOperationsTrimmed(state)).toBe(state);
    // Trimmed away, op-1 would be decided as new: the handler recalls it from the stream first.
    expect(decide(credit('op-1', '1'), state)).toHaveLength(1);
  });

  it('an operation recalled into the state is a replay again, or a conflict', () => {
    const first = run([credit('op-1', '1.00')], initialAccountState(2));
    const recorded = first.operations.get('op-1')!;
    const later = withOperationsTrimmed(run([credit('op-2', '1'), credit('op-3', '1')], first));
    expect(later.operations.has('op-1')).toBe(false);
    const recalled = withRecalledOperation(later, 'op-1', recorded);
    expect(decide(credit('op-1', '1'), recalled)).toEqual([]);
    expect(recalled.operations.get('op-1')).toEqual(recorded);
    expectRefusal(() => decide(credit('op-1', '2'), recalled), 'idempotency_conflict');
    // The recalled one is the newest: trimming drops the oldest kept one first.
    expect([...withOperationsTrimmed(recalled).operations.keys()].sort()).toEqual(['op-1', 'op-3']);
  });

  it('refuses a state that would keep no operation', () => {
    expect(() => initialAccountState(0)).toThrow(/operations_kept/);
  });

  it('a refused operation is not recorded: it may succeed later', () => {
    const state = run([credit('op-1', '5')]);
    expectRefusal(() => decide(debit('op-2', '6'), state), 'insufficient_funds');
    const funded = run([credit('op-3', '1')], state);
    expect(decide(debit('op-2', '6'), funded)).toHaveLength(1);
  });
});

describe('ledger account: transfer legs', () => {
  it('refuses a transfer to the same account', () => {
    const state = run([credit('op-1', '5')]);
    expectRefusal(
      () =>
        decide(
          { type: 'send_transfer', data: { ...movement('op-2', '1'), to_account_id: ACCOUNT } },
          state,
        ),
      'self_transfer',
    );
  });

  it('tells a transfer leg from a plain movement with the same operation_id', () => {
    const state = run([
      credit('op-1', '5'),
      { type: 'send_transfer', data: { ...movement('op-2', '1'), to_account_id: 'acc-2' } },
    ]);
    expect(balance(state).available).toBe('4.00');
    expectRefusal(() => decide(debit('op-2', '1'), state), 'idempotency_conflict');
  });

  it('folds a stream into the same state as running it', () => {
    const commands = [credit('op-1', '50'), hold('op-2', 'h1', '20'), debit('op-3', '5')];
    const events = commands.reduce<{ state: AccountState; events: ReturnType<typeof decide> }>(
      (acc, command) => {
        const decided = decide(command, acc.state);
        return { state: decided.reduce(evolve, acc.state), events: [...acc.events, ...decided] };
      },
      { state: initialAccountState(), events: [] },
    ).events;
    expect(balance(foldAccount(events))).toEqual({ available: '25.00', held: '20.00' });
  });
});

describe('ledger account: fee legs', () => {
  const FEES = 'fees:org-1';
  const fee = (amount: string) => ({ amount: usd(amount), account_id: FEES });
  const heldWithFee = (operation_id: string, hold_id: string, amount: string, charged: string) =>
    ({
      type: 'place_hold',
      data: { ...movement(operation_id, amount), kind: 'payout', hold_id, fee: fee(charged) },
    }) satisfies AccountCommand;
  const end = (type: 'post_hold' | 'release_hold', operation_id: string, hold_id: string) =>
    ({ type, data: { account_id: ACCOUNT, operation_id, hold_id } }) satisfies AccountCommand;

  it('holds amount and fee, each as its own leg of kind payout and fee', () => {
    const funded = run([credit('fund', '10.00')]);
    const events = decide(heldWithFee('h1', 'payout-1', '8.00', '1.50'), funded);
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({
      amount: '8.00',
      fee: '1.50',
      fee_account_id: FEES,
      available_after: '0.50',
      held_after: '9.50',
    });
    const after = events.reduce(evolve, funded);
    expect(balance(after)).toEqual({ available: '0.50', held: '9.50' });
    expect(after.operations.get('h1')?.moved.map((moved) => [moved.kind, moved.amount])).toEqual([
      ['payout', '8.00'],
      ['fee', '1.50'],
    ]);
  });

  it('refuses a hold whose amount fits but amount plus fee does not', () => {
    const funded = run([credit('fund', '10.00')]);
    expectRefusal(
      () => decide(heldWithFee('h1', 'payout-1', '9.00', '1.01'), funded),
      'insufficient_funds',
    );
  });

  it('posting takes both legs out of held; releasing returns both to available', () => {
    const held = run([credit('fund', '10.00'), heldWithFee('h1', 'p1', '6.00', '1.00')]);
    const posted = run([end('post_hold', 'post', 'p1')], held);
    expect(balance(posted)).toEqual({ available: '3.00', held: '0.00' });
    const released = run([end('release_hold', 'release', 'p1')], held);
    expect(balance(released)).toEqual({ available: '10.00', held: '0.00' });
  });

  it('the fee account receives the fee of a post, also when the post is replayed', () => {
    const held = run([credit('fund', '10.00'), heldWithFee('h1', 'p1', '6.00', '1.00')]);
    const post = end('post_hold', 'post', 'p1');
    const credit_fee = feeCreditFor(post, held);
    expect(credit_fee).toEqual({
      type: 'receive_transfer',
      data: {
        account_id: FEES,
        operation_id: 'post',
        amount: usd('1.00'),
        kind: 'fee',
        reference_id: 'h1',
        from_account_id: ACCOUNT,
      },
    });
    const posted = run([post], held);
    expect(feeCreditFor(post, posted)).toEqual(credit_fee);
    expect(feeCreditFor(end('release_hold', 'r', 'p1'), held)).toBeNull();
    expect(feeCreditFor(credit('c', '1.00'), held)).toBeNull();
  });

  it('a direct debit with a fee needs amount plus fee and records both legs', () => {
    const funded = run([credit('fund', '5.00')]);
    const charged = (operation_id: string, amount: string, charged_fee: string) =>
      ({
        type: 'debit_funds',
        data: { ...movement(operation_id, amount), fee: fee(charged_fee) },
      }) satisfies AccountCommand;
    expectRefusal(() => decide(charged('d1', '4.50', '0.51'), funded), 'insufficient_funds');
    const after = run([charged('d1', '4.50', '0.50')], funded);
    expect(balance(after)).toEqual({ available: '0.00', held: '0.00' });
    // The same operation_id with another fee is another request.
    expectRefusal(() => decide(charged('d1', '4.50', '0.40'), after), 'idempotency_conflict');
    expect(decide(charged('d1', '4.50', '0.50'), after)).toEqual([]);
  });

  it('refuses a fee paid into the paying account itself', () => {
    const funded = run([credit('fund', '5.00')]);
    const self_fee = {
      type: 'debit_funds',
      data: { ...movement('d1', '1.00'), fee: { amount: usd('0.10'), account_id: ACCOUNT } },
    } satisfies AccountCommand;
    expectRefusal(() => decide(self_fee, funded), 'invalid_request');
  });

  it('replay of the events rebuilds the same hold with its fee', () => {
    const commands = [credit('fund', '10.00'), heldWithFee('h1', 'p1', '6.00', '1.00')];
    let state = initialAccountState();
    const events = commands.flatMap((command) => {
      const decided = decide(command, state);
      state = decided.reduce(evolve, state);
      return decided;
    });
    const replayed = foldAccount(events);
    expect(replayed.holds.get('p1')?.fee?.amount.toString()).toBe('1.00');
    expect(balance(replayed)).toEqual(balance(state));
  });
});
