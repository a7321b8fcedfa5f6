import {
  DomainError,
  type BankingCurrency,
  type BankingOperationStatus,
  type BankingOperationType,
} from '@platform/contracts';
import { Money } from '@platform/money';

/**
 * A bank operation's rules. A payment debits amount + fee at once (`processing`), then the bank
 * completes it or rejects it, and a rejection gives the debit back. An inbound transfer is
 * credited and `completed` at once. Balance entries follow from the events alone.
 */
export type OperationState =
  | { status: 'none' }
  | {
      status: BankingOperationStatus;
      type: BankingOperationType;
      amount: Money<BankingCurrency>;
      fee: Money<BankingCurrency>;
    };

export type OperationCommand =
  | {
      type: 'submit_payment';
      amount: Money<BankingCurrency>;
      fee: Money<BankingCurrency>;
      available: Money<BankingCurrency>;
    }
  | { type: 'receive_inbound'; amount: Money<BankingCurrency> }
  | { type: 'settle_payment'; outcome: 'completed' | 'rejected' };

export type OperationEvent =
  | { type: 'payment_submitted'; amount: Money<BankingCurrency>; fee: Money<BankingCurrency> }
  | { type: 'inbound_received'; amount: Money<BankingCurrency> }
  | { type: 'payment_completed' }
  | { type: 'payment_failed'; refund: Money<BankingCurrency> };

export const NO_OPERATION: OperationState = { status: 'none' };

/** Sandbox rule: a payment amount ending `.99` is rejected by the bank. */
export function sandboxOutcomeOf(amount: Money): 'completed' | 'rejected' {
  return amount.toString().endsWith('.99') ? 'rejected' : 'completed';
}

/**
 * Sandbox rule: the bank's answer to a payment ending `.77` is lost at create. The debit and the
 * operation stand (`processing`); the client is told 503 `banking_recovery_pending` until the
 * bank confirms the payment one step later, and never gets a second operation for the key.
 */
export function sandboxAnswerLost(amount: Money): boolean {
  return amount.toString().endsWith('.77');
}

/** What a retry under the key of a payment still in recovery answers. */
export const recoveryPending = (): DomainError =>
  new DomainError(
    'banking_recovery_pending',
    'the bank has not confirmed this payment yet; retry with the same idempotency_key',
  );

export function decide(command: OperationCommand, state: OperationState): OperationEvent[] {
  switch (command.type) {
    case 'submit_payment': {
      if (state.status !== 'none') return [];
      const debit = command.amount.add(command.fee);
      if (command.available.lt(debit))
        throw new DomainError(
          'insufficient_funds',
          'the bank account balance does not cover the amount and its fee',
        );
      return [{ type: 'payment_submitted', amount: command.amount, fee: command.fee }];
    }
    case 'receive_inbound':
      if (state.status !== 'none') return [];
      return [{ type: 'inbound_received', amount: command.amount }];
    case 'settle_payment':
      // A repeated settlement (a retried job) decides nothing new.
      if (state.status !== 'processing' || state.type !== 'payment') return [];
      return command.outcome === 'completed'
        ? [{ type: 'payment_completed' }]
        : [{ type: 'payment_failed', refund: state.amount.add(state.fee) }];
    default: {
      const unknown: never = command;
      throw new Error(`unknown operation command ${JSON.stringify(unknown)}`);
    }
  }
}

export function evolve(state: OperationState, event: OperationEvent): OperationState {
  switch (event.type) {
    case 'payment_submitted':
      return { status: 'processing', type: 'payment', amount: event.amount, fee: event.fee };
    case 'inbound_received':
      return {
        status: 'completed',
        type: 'inbound',
        amount: event.amount,
        fee: Money.zero(event.amount.asset),
      };
    case 'payment_completed':
      return state.status === 'none' ? state : { ...state, status: 'completed' };
    case 'payment_failed':
      return state.status === 'none' ? state : { ...state, status: 'failed' };
    default: {
      const unknown: never = event;
      throw new Error(`unknown operation event ${JSON.stringify(unknown)}`);
    }
  }
}

/** The signed change an event books on the bank account's balance, or null for none. */
export function balanceChangeOf(event: OperationEvent): Money<BankingCurrency> | null {
  switch (event.type) {
    case 'payment_submitted':
      return event.amount.add(event.fee).negate();
    case 'inbound_received':
      return event.amount;
    case 'payment_failed':
      return event.refund;
    case 'payment_completed':
      return null;
    default: {
      const unknown: never = event;
      throw new Error(`unknown operation event ${JSON.stringify(unknown)}`);
    }
  }
}
