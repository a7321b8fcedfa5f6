import { DomainError } from '@platform/contracts';
import type {
  DebitOutcome,
  PayoutCommand,
  PayoutCommandType,
  PayoutEffect,
  PayoutEvent,
  RailAnswer,
} from './payout-events';
import type { PayoutState } from './payout-state';
import type { StatusCode } from './payout-status';

/**
 * The state table of spec §3 as guards: the status codes in which each command is awaited. A
 * payout cleared for its debit awaits the debit's outcome and nothing else.
 */
const AWAITED_IN: Readonly<Record<PayoutCommandType, readonly StatusCode[]>> = {
  record_screening: ['compliance_pending'],
  record_debit: ['core_unreachable'],
  start_dispatch: ['compliance_dispatch_pending'],
  // Debited at create or on a review's release, a payout goes to its rail at once; debited after
  // a late screening it waits for its turn (compliance_dispatching).
  record_dispatch: ['compliance_dispatch_pending', 'compliance_dispatching'],
  record_rail_answer: ['rail_submitted'],
  confirm_manual: ['manual_dispatch'],
  reject_manual: ['manual_dispatch'],
  release_review: ['firewall_review'],
  reject_review: ['firewall_review'],
};

export function awaits(state: PayoutState, type: PayoutCommandType): boolean {
  if (state.cleared_for_debit) return type === 'record_debit';
  return AWAITED_IN[type].includes(state.payout.status_code);
}

/**
 * `already_decided` unless the payout awaits a command of this type (a second operator decision,
 * a rail answer for a payout that moved on). Asked before the work whose outcome the command
 * records, so that nothing is debited, dispatched or told for a payout that does not await it.
 */
export function requireAwaiting(state: PayoutState, type: PayoutCommandType): void {
  if (awaits(state, type)) return;
  const { status, status_code } = state.payout;
  throw new DomainError(
    'already_decided',
    `the payout is ${status} (${status_code}), not awaiting this decision`,
  );
}

/** The payout's rules: what a command changes, as events, or `already_decided`. */
export function decide(command: PayoutCommand, state: PayoutState): PayoutEvent[] {
  requireAwaiting(state, command.type);
  switch (command.type) {
    case 'record_screening':
      return screened(command.data.decision, command.data.review_id);
    case 'record_debit':
      return [debited(command.data.outcome)];
    case 'start_dispatch':
      return [{ type: 'dispatch_started' }];
    case 'record_dispatch':
      return [{ type: command.data.mode === 'manual' ? 'handed_to_operator' : 'handed_to_rail' }];
    case 'record_rail_answer':
      return railAnswered(command.data);
    case 'confirm_manual':
      return [{ type: 'manual_confirmed' }];
    case 'reject_manual':
      return [{ type: 'manual_rejected' }];
    case 'release_review':
      return [{ type: 'review_released' }];
    case 'reject_review':
      return [{ type: 'review_rejected' }];
    default: {
      const unknown: never = command;
      throw new Error(`unknown payout command ${JSON.stringify(unknown)}`);
    }
  }
}

/** Screening unavailable changes nothing: the payout stays pending and is screened again. */
function screened(
  decision: Extract<PayoutCommand, { type: 'record_screening' }>['data']['decision'],
  review_id: string | null,
): PayoutEvent[] {
  switch (decision) {
    case 'process':
      return [{ type: 'screening_passed' }];
    case 'hold':
      return [{ type: 'held_for_review', data: { review_id } }];
    case 'reject':
      return [{ type: 'screening_rejected' }];
    case 'unavailable':
      return [];
    default: {
      const unknown: never = decision;
      throw new Error(`unknown screening decision ${String(unknown)}`);
    }
  }
}

/**
 * A refused debit fails the payout before any debit; an unreachable ledger leaves it pending
 * (`core_unreachable`), and every further attempt that cannot reach it is announced again.
 */
function debited(outcome: DebitOutcome): PayoutEvent {
  switch (outcome) {
    case 'held':
      return { type: 'funds_held' };
    case 'insufficient_funds':
      return { type: 'debit_refused' };
    case 'ledger_unreachable':
      return { type: 'debit_postponed' };
    default: {
      const unknown: never = outcome;
      throw new Error(`unknown debit outcome ${String(unknown)}`);
    }
  }
}

/** A rail that has not answered yet changes nothing: it is asked again at the next step. */
function railAnswered(answer: RailAnswer): PayoutEvent[] {
  switch (answer.kind) {
    case 'pending':
      return [];
    case 'confirmed':
      return [{ type: 'rail_confirmed', data: { bank_reference: answer.bank_reference } }];
    case 'rejected':
      return [{ type: 'rail_rejected' }];
    default: {
      const unknown: never = answer;
      throw new Error(`unknown rail answer ${JSON.stringify(unknown)}`);
    }
  }
}

/** What must be done outside before `event` is stored (see PayoutEffect); null: nothing. */
export function effectOf(event: PayoutEvent): PayoutEffect | null {
  switch (event.type) {
    case 'rail_confirmed':
    case 'manual_confirmed':
      return 'post_hold';
    case 'rail_rejected':
    case 'manual_rejected':
      return 'release_hold';
    case 'review_released':
      return 'release_review';
    case 'review_rejected':
      return 'reject_review';
    case 'screening_passed':
    case 'held_for_review':
    case 'screening_rejected':
    case 'funds_held':
    case 'debit_refused':
    case 'debit_postponed':
    case 'dispatch_started':
    case 'handed_to_rail':
    case 'handed_to_operator':
      return null;
    default: {
      const unknown: never = event;
      throw new Error(`unknown payout event ${JSON.stringify(unknown)}`);
    }
  }
}
