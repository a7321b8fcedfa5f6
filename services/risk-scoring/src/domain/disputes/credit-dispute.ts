import {
  DISPUTE_REASON_MAX_LENGTH,
  DomainError,
  type CreditDisputeDecision,
  type CreditDisputeStatus,
} from '@platform/contracts';

/** A factor of the report a dispute is about. */
export interface DisputedFactor {
  code: string;
  description: string;
}

export interface CreditDisputeState {
  status: CreditDisputeStatus;
  factor_code: string;
  decision_note: string | null;
  decided_at: string | null;
}

export type CreditDisputeCommand =
  /** `factors`: the factors of the subject's latest report (the only ones one can dispute). */
  | {
      type: 'open';
      factor_code: string;
      reason: string;
      factors: readonly DisputedFactor[];
      at: string;
    }
  | { type: 'decide'; decision: CreditDisputeDecision; note: string; at: string };

export type CreditDisputeEvent =
  | { type: 'opened'; factor: DisputedFactor; reason: string; at: string }
  | { type: 'decided'; decision: CreditDisputeDecision; note: string; at: string };

/**
 * The dispute rules (pure). A dispute names one factor of the subject's latest report and says
 * why (1 to 2,000 characters); it is decided once: the same decision again decides nothing (a
 * retried operator call), the other one is `already_decided`.
 */
export function decide(
  command: CreditDisputeCommand,
  state: CreditDisputeState | null,
): CreditDisputeEvent[] {
  switch (command.type) {
    case 'open': {
      if (state !== null) return [];
      const factor = command.factors.find((candidate) => candidate.code === command.factor_code);
      if (!factor) {
        const codes = command.factors.map((candidate) => candidate.code).join(', ');
        throw new DomainError(
          'invalid_request',
          `factor_code must be a factor of the subject's latest report: ${codes || 'none'}`,
        );
      }
      const reason = command.reason.trim();
      if (reason.length === 0 || reason.length > DISPUTE_REASON_MAX_LENGTH)
        throw new DomainError(
          'invalid_request',
          `reason must be 1 to ${DISPUTE_REASON_MAX_LENGTH} characters`,
        );
      return [{ type: 'opened', factor, reason, at: command.at }];
    }
    case 'decide': {
      if (state === null) throw new DomainError('not_found', 'no such dispute');
      if (state.status === command.decision) return [];
      if (state.status !== 'open')
        throw new DomainError('already_decided', `the dispute was already ${state.status}`);
      return [{ type: 'decided', decision: command.decision, note: command.note, at: command.at }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown dispute command ${JSON.stringify(unknown)}`);
    }
  }
}

export function evolve(
  state: CreditDisputeState | null,
  event: CreditDisputeEvent,
): CreditDisputeState {
  switch (event.type) {
    case 'opened':
      return {
        status: 'open',
        factor_code: event.factor.code,
        decision_note: null,
        decided_at: null,
      };
    case 'decided':
      if (state === null) throw new Error('a dispute is decided only once opened');
      return { ...state, status: event.decision, decision_note: event.note, decided_at: event.at };
    default: {
      const unknown: never = event;
      throw new Error(`unknown dispute event ${JSON.stringify(unknown)}`);
    }
  }
}
