import { DISPUTE_EVIDENCE_MAX_FILES, DomainError } from '@platform/contracts';
import {
  evolve,
  type DisputeCommand,
  type DisputeEvent,
  type DisputeOutcome,
  type DisputeState,
} from './dispute-state';

/** Longest evidence text a dispute keeps. */
export const EVIDENCE_MAX_CHARS = 10_000;

/**
 * The dispute's rules: what a command changes, as events, or a typed refusal. Opening an open
 * dispute decides nothing (a redelivered payin event), and so does a repeated resolution.
 */
export function decide(command: DisputeCommand, state: DisputeState | null): DisputeEvent[] {
  switch (command.type) {
    case 'open':
      return state ? [] : [{ type: 'opened', data: command.data }];
    case 'submit_evidence': {
      const dispute = required(state);
      if (dispute.status !== 'needs_response')
        throw new DomainError(
          'dispute_not_awaiting_response',
          `the dispute is ${dispute.status}: evidence is taken only while it needs a response`,
        );
      const text = command.data.text.trim();
      if (text === '' || text.length > EVIDENCE_MAX_CHARS)
        throw new DomainError(
          'invalid_evidence',
          `evidence text must be 1 to ${EVIDENCE_MAX_CHARS} characters`,
        );
      const { files, now } = command.data;
      if (files.length > DISPUTE_EVIDENCE_MAX_FILES)
        throw new DomainError(
          'file_limit_reached',
          `evidence takes at most ${DISPUTE_EVIDENCE_MAX_FILES} files`,
        );
      return [{ type: 'evidence_submitted', data: { text, files, submitted_at: now } }];
    }
    case 'resolve': {
      const dispute = required(state);
      if (dispute.status !== 'under_review') return [];
      return [{ type: 'resolved', data: { outcome: command.data.outcome, at: command.data.now } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown dispute command ${JSON.stringify(unknown)}`);
    }
  }
}

function required(state: DisputeState | null): DisputeState {
  if (!state) throw new DomainError('not_found', 'no such dispute');
  return state;
}

/** Decides and applies: the events and the state after them. */
export function execute(
  command: DisputeCommand,
  state: DisputeState | null,
): { events: DisputeEvent[]; state: DisputeState | null } {
  const events = decide(command, state);
  return { events, state: events.reduce<DisputeState | null>(evolve, state) };
}

/** The sandbox's network decides `won` unless the evidence says `LOSE` (decisions D8). */
export function sandboxOutcome(state: DisputeState): DisputeOutcome {
  return state.evidence?.text.includes('LOSE') ? 'lost' : 'won';
}

/** What the ledger must do once the dispute is decided: give the hold back or debit it. */
export function holdSettlementOf(state: DisputeState): 'release' | 'capture' | null {
  if (!state.hold) return null;
  switch (state.status) {
    case 'won':
      return 'release';
    case 'lost':
      return 'capture';
    case 'needs_response':
    case 'under_review':
      return null;
    default: {
      const unknown: never = state.status;
      throw new Error(`unknown dispute status ${String(unknown)}`);
    }
  }
}

/** The sandbox disputes a credited card payin whose amount ends `.55` (decisions D8). */
export function isSandboxDisputed(local_amount: string): boolean {
  return /\.55$/.test(local_amount.trim());
}
