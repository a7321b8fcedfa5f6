import { DomainError, type CardStatus, type CardStatusReason } from '@platform/contracts';

/** What the rules need of a card: its state and why it is in it. */
export interface CardState {
  status: CardStatus;
  reason: CardStatusReason | null;
}

export type CardCommand =
  | { type: 'activate' }
  | { type: 'freeze'; reason: CardStatusReason }
  | { type: 'unfreeze' }
  | { type: 'cancel' };

export interface CardStatusChange {
  type: 'card_status_changed';
  status: CardStatus;
  previous_status: CardStatus;
  reason: CardStatusReason | null;
}

/** A new card's state: a virtual card is usable at once, a physical one once its holder activates it. */
export function initialCardState(type: 'virtual' | 'physical'): CardState {
  return { status: type === 'virtual' ? 'active' : 'pending_activation', reason: null };
}

const changed = (
  state: CardState,
  status: CardStatus,
  reason: CardStatusReason | null,
): CardStatusChange[] => [
  { type: 'card_status_changed', status, previous_status: state.status, reason },
];

/**
 * The card's state machine. A cancelled card refuses everything (`card_cancelled`); only a
 * card pending activation activates (`card_not_pending`); asking for the state the card is
 * already in changes nothing (no event). A card pending activation is frozen or unfrozen only
 * after it is activated (`card_not_pending` names that the card is still pending).
 */
export function decide(command: CardCommand, state: CardState): CardStatusChange[] {
  if (state.status === 'cancelled')
    throw new DomainError('card_cancelled', 'the card is cancelled: nothing more can change');
  switch (command.type) {
    case 'activate':
      if (state.status !== 'pending_activation')
        throw new DomainError(
          'card_not_pending',
          'only a card pending activation can be activated',
        );
      return changed(state, 'active', null);
    case 'freeze':
      requireActivated(state);
      return state.status === 'frozen' ? [] : changed(state, 'frozen', command.reason);
    case 'unfreeze':
      requireActivated(state);
      return state.status === 'active' ? [] : changed(state, 'active', 'user_requested');
    case 'cancel':
      return changed(state, 'cancelled', 'user_requested');
    default: {
      const unhandled: never = command;
      throw new Error(`unknown card command ${JSON.stringify(unhandled)}`);
    }
  }
}

function requireActivated(state: CardState): void {
  if (state.status === 'pending_activation')
    throw new DomainError(
      'card_not_pending',
      'the card is still pending activation: activate it before freezing or unfreezing it',
    );
}

export function evolve(state: CardState, event: CardStatusChange): CardState {
  switch (event.type) {
    case 'card_status_changed':
      return {
        ...state,
        status: event.status,
        reason: event.status === 'active' ? null : event.reason,
      };
    default: {
      const unhandled: never = event.type;
      throw new Error(`unknown card event ${String(unhandled)}`);
    }
  }
}

/** Cards that count against the account's limit: every card not cancelled. */
export const MAX_OPEN_CARDS_PER_ACCOUNT = 5;
