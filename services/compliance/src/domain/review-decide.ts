import { DomainError } from '@platform/contracts';
import type { ReviewCommand, ReviewEvent } from './review-events';
import { evolve, isDecided, type ReviewState } from './review-state';

/** Release needs this many approvals, each by a different reviewer (decisions D8). */
export const APPROVALS_TO_RELEASE = 2;

/**
 * The review's rules: what a command changes, as events, or a typed refusal. A decided review
 * refuses every decision (`already_decided`) except the same final outcome again (`settle`),
 * which decides nothing new. A second approval by a reviewer who already approved changes nothing.
 */
export function decide(command: ReviewCommand, state: ReviewState): ReviewEvent[] {
  if (command.type === 'settle') return settle(command, state);
  if (command.type === 'answer_info') {
    if (state.status !== 'info_requested') {
      throw new DomainError('not_awaiting_info', 'the review is not awaiting information');
    }
    return [{ type: 'info_answered', text: command.text, at: command.at }];
  }
  if (isDecided(state)) {
    throw new DomainError('already_decided', 'the review was already decided');
  }
  switch (command.type) {
    case 'approve': {
      if (state.approvals.some((approval) => approval.reviewer === command.reviewer)) return [];
      const approved: ReviewEvent = {
        type: 'approval_recorded',
        reviewer: command.reviewer,
        at: command.at,
      };
      return state.approvals.length + 1 >= APPROVALS_TO_RELEASE
        ? [approved, { type: 'released', at: command.at }]
        : [approved];
    }
    case 'reject':
      return [{ type: 'rejected', reviewer: command.reviewer, at: command.at }];
    case 'request_info':
      return [{ type: 'info_requested', question: command.comment, at: command.at }];
    case 'attach_file': {
      if (state.files.length >= command.max_files) {
        throw new DomainError(
          'file_limit_reached',
          `a review takes at most ${command.max_files} files`,
        );
      }
      const attached: ReviewEvent = { type: 'file_attached', file: command.file, at: command.at };
      // New evidence while in review: the first approval was given without it (spec §3).
      return state.status === 'in_review' && state.approvals.length > 0
        ? [attached, { type: 'approval_cleared', at: command.at }]
        : [attached];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown review command ${JSON.stringify(unknown)}`);
    }
  }
}

function settle(
  command: Extract<ReviewCommand, { type: 'settle' }>,
  state: ReviewState,
): ReviewEvent[] {
  if (state.status === command.decision) return [];
  if (isDecided(state)) throw new DomainError('already_decided', 'the review was already decided');
  return command.decision === 'released'
    ? [{ type: 'released', at: command.at }]
    : [{ type: 'rejected', reviewer: 'operator', at: command.at }];
}

/** Decide and apply: the events and the state they leave. */
export function execute(
  command: ReviewCommand,
  state: ReviewState,
): { events: ReviewEvent[]; state: ReviewState } {
  const events = decide(command, state);
  return { events, state: events.reduce(evolve, state) };
}

/** Whether an event changes the review's status (these become `txn_review_status_changed`). */
export function changesStatus(event: ReviewEvent): boolean {
  switch (event.type) {
    case 'released':
    case 'rejected':
    case 'info_requested':
    case 'info_answered':
      return true;
    case 'approval_recorded':
    case 'approval_cleared':
    case 'file_attached':
      return false;
    default: {
      const unknown: never = event;
      throw new Error(`unknown review event ${JSON.stringify(unknown)}`);
    }
  }
}
