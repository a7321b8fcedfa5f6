import { Money } from '@platform/money';
import {
  balanceChangeOf,
  decide,
  evolve,
  NO_OPERATION,
  recoveryPending,
  sandboxAnswerLost,
  sandboxOutcomeOf,
  type OperationEvent,
  type OperationState,
} from './operation';

const usd = (amount: string) => Money.parseSigned('USD', amount);

const replay = (events: OperationEvent[], state: OperationState = NO_OPERATION) =>
  events.reduce(evolve, state);

describe('bank operation', () => {
  const submit = (amount: string, fee: string, available: string) =>
    ({
      type: 'submit_payment',
      amount: usd(amount),
      fee: usd(fee),
      available: usd(available),
    }) as const;

  it('debits amount and fee when the balance covers both, and is processing', () => {
    const events = decide(submit('10.00', '0.50', '10.50'), NO_OPERATION);
    expect(events).toEqual([{ type: 'payment_submitted', amount: usd('10.00'), fee: usd('0.50') }]);
    expect(balanceChangeOf(events[0]!)?.toString()).toBe('-10.50');
    expect(replay(events)).toMatchObject({ status: 'processing', type: 'payment' });
  });

  it('refuses a payment the balance does not cover with its fee: insufficient_funds', () => {
    expect(() => decide(submit('10.00', '0.50', '10.49'), NO_OPERATION)).toThrow(
      expect.objectContaining({ code: 'insufficient_funds' }),
    );
  });

  it('completes a payment without moving money again', () => {
    const state = replay(decide(submit('10.00', '0.50', '20.00'), NO_OPERATION));
    const events = decide({ type: 'settle_payment', outcome: 'completed' }, state);
    expect(events).toEqual([{ type: 'payment_completed' }]);
    expect(balanceChangeOf(events[0]!)).toBeNull();
    expect(replay(events, state).status).toBe('completed');
  });

  it('gives the whole debit back when the bank rejects the payment', () => {
    const state = replay(decide(submit('10.99', '0.50', '20.00'), NO_OPERATION));
    const events = decide({ type: 'settle_payment', outcome: 'rejected' }, state);
    expect(events).toEqual([{ type: 'payment_failed', refund: usd('11.49') }]);
    expect(balanceChangeOf(events[0]!)?.toString()).toBe('11.49');
    expect(replay(events, state).status).toBe('failed');
  });

  it('settles once: a repeated settlement or submission decides nothing', () => {
    const submitted = replay(decide(submit('10.00', '0.00', '20.00'), NO_OPERATION));
    const completed = replay(
      decide({ type: 'settle_payment', outcome: 'completed' }, submitted),
      submitted,
    );
    expect(decide({ type: 'settle_payment', outcome: 'rejected' }, completed)).toEqual([]);
    expect(decide(submit('10.00', '0.00', '20.00'), submitted)).toEqual([]);
  });

  it('credits an inbound transfer, completed at once', () => {
    const events = decide({ type: 'receive_inbound', amount: usd('25.00') }, NO_OPERATION);
    expect(balanceChangeOf(events[0]!)?.toString()).toBe('25.00');
    expect(replay(events)).toMatchObject({ status: 'completed', type: 'inbound' });
    expect(decide({ type: 'settle_payment', outcome: 'completed' }, replay(events))).toEqual([]);
  });

  it('loses the sandbox bank answer of amounts ending .77 only', () => {
    expect(sandboxAnswerLost(usd('1.77'))).toBe(true);
    expect(sandboxAnswerLost(usd('1.78'))).toBe(false);
    expect(recoveryPending().code).toBe('banking_recovery_pending');
  });

  it('rejects sandbox amounts ending .99 only', () => {
    expect(sandboxOutcomeOf(usd('10.99'))).toBe('rejected');
    expect(sandboxOutcomeOf(usd('10.98'))).toBe('completed');
    expect(sandboxOutcomeOf(usd('99.00'))).toBe('completed');
  });
});
