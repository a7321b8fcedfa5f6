import { DomainError } from '@platform/contracts';
import { Money } from '@platform/money';
import { decide } from './account-decide';
import type { AccountCommand } from './account-events';
import { foldAccount, initialAccountState, evolve, type AccountState } from './account-state';

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
