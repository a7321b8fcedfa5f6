import { DomainError } from '@platform/contracts';
import type { AddressRisk } from '../screening/address-risk';
import { depositHoldId, type Deposit, type DepositCommand, type DepositEvent } from './deposit';

/**
 * What a command does to a deposit. Observations repeat (a watcher restarts, an operator reports
 * twice): a command that changes nothing answers no event. A confirmed deposit from a severe
 * sender is held (nothing credited); from a high-risk sender it is credited with an alert.
 */
export function decide(deposit: Deposit, command: DepositCommand): DepositEvent[] {
  switch (command.type) {
    case 'observe':
      if (deposit.status !== 'pending' || command.confirmations <= deposit.confirmations) return [];
      return [{ type: 'confirmations_counted', confirmations: command.confirmations }];
    case 'confirm':
      if (deposit.status !== 'pending') return [];
      return [confirmed(deposit, command.confirmations, command.risk)];
    case 'fail':
      return deposit.status === 'pending' ? [{ type: 'deposit_failed' }] : [];
    case 'release':
      if (deposit.status === 'held') return [{ type: 'hold_released' }];
      return refuseUnlessDone(deposit, deposit.status === 'credited');
    case 'reject':
      if (deposit.status === 'held') return [{ type: 'hold_rejected' }];
      return refuseUnlessDone(deposit, deposit.status === 'rejected');
    default: {
      const unhandled: never = command;
      throw new Error(`unknown deposit command ${JSON.stringify(unhandled)}`);
    }
  }
}

function confirmed(deposit: Deposit, confirmations: number, risk: AddressRisk): DepositEvent {
  if (risk.risk === 'severe')
    return {
      type: 'deposit_held',
      confirmations,
      risk,
      hold_id: depositHoldId(deposit.deposit_id),
    };
  return { type: 'deposit_credited', confirmations, risk, alert: risk.risk === 'high' };
}

/**
 * The same decision repeated on a deposit it already decided answers nothing new; anything else
 * (a deposit never held, or decided the other way) is refused.
 */
function refuseUnlessDone(deposit: Deposit, already_decided: boolean): DepositEvent[] {
  if (already_decided && deposit.hold_id !== null) return [];
  throw new DomainError('invalid_status', `the deposit is ${deposit.status}, not held`);
}

/** The deposit after `event`. */
export function evolve(deposit: Deposit, event: DepositEvent): Deposit {
  switch (event.type) {
    case 'confirmations_counted':
      return { ...deposit, confirmations: event.confirmations };
    case 'deposit_credited':
      return {
        ...deposit,
        status: 'credited',
        confirmations: event.confirmations,
        risk: event.risk,
      };
    case 'deposit_held':
      return {
        ...deposit,
        status: 'held',
        confirmations: event.confirmations,
        risk: event.risk,
        hold_id: event.hold_id,
      };
    case 'deposit_failed':
      return { ...deposit, status: 'failed' };
    case 'hold_released':
      return { ...deposit, status: 'credited' };
    case 'hold_rejected':
      return { ...deposit, status: 'rejected' };
    default: {
      const unhandled: never = event;
      throw new Error(`unknown deposit event ${JSON.stringify(unhandled)}`);
    }
  }
}

/** `decide`, then every event applied. */
export function transition(
  deposit: Deposit,
  command: DepositCommand,
): { deposit: Deposit; events: DepositEvent[] } {
  const events = decide(deposit, command);
  return { deposit: events.reduce(evolve, deposit), events };
}
