import { DomainError } from '@platform/contracts';
import type { Outcome, VerificationCommand, VerificationEvent } from './verification-events';
import { checkSequence, missingSteps, type VerificationState } from './verification-state';

/** Documents one submission may hold (spec §7 `file_limit_reached`). */
export const MAX_SUBMISSION_DOCUMENTS = 10;

/**
 * The verification's rules: what a command changes, as events, or a typed refusal. `advance` on a
 * submission that is not processing decides nothing, so a repeated step job is harmless.
 */
export function decide(
  command: VerificationCommand,
  state: VerificationState,
): VerificationEvent[] {
  switch (command.type) {
    case 'issue_link': {
      const { data } = command;
      if (!data.account_active)
        throw new DomainError('account_blocked', 'the account is not active');
      if (state.status === 'approved')
        throw new DomainError('already_verified', 'the identity is already verified');
      if (state.status === 'rejected')
        throw new DomainError(
          'verification_rejected_requires_admin',
          'the verification was rejected; an administrator must review the account',
        );
      if (data.lacks_second_factor)
        throw new DomainError(
          'verification_requires_2fa',
          'set up an authenticator app or a passkey before starting the verification',
        );
      if (state.phase === 'processing' || state.phase === 'awaiting_review')
        throw new DomainError('duplicate', 'a submission is already being reviewed');
      return [
        {
          type: 'link_issued',
          data: {
            link_id: data.link_id,
            // A replaced link keeps what the open submission collected.
            submission_id:
              state.phase === 'collecting' && state.submission_id
                ? state.submission_id
                : data.submission_id,
            expires_at: data.expires_at,
            at: data.now,
          },
        },
      ];
    }
    case 'enter_identity':
      assertCollecting(state, command.data.now);
      return [
        {
          type: 'identity_entered',
          data: {
            identity: command.data.identity,
            birth_date: command.data.birth_date,
            at: command.data.now,
          },
        },
      ];
    case 'attach_document':
      assertCollecting(state, command.data.now);
      if (state.documents.length >= MAX_SUBMISSION_DOCUMENTS)
        throw new DomainError(
          'file_limit_reached',
          `a submission holds at most ${MAX_SUBMISSION_DOCUMENTS} documents`,
        );
      return [
        {
          type: 'document_attached',
          data: { document: command.data.document, at: command.data.now },
        },
      ];
    case 'complete_liveness':
      assertCollecting(state, command.data.now);
      if (state.kind !== 'kyc')
        throw new DomainError('invalid_request', 'a company verification takes no liveness step');
      if (state.liveness_completed)
        throw new DomainError('liveness_already_completed', 'the liveness step is already done');
      return [{ type: 'liveness_completed', data: { at: command.data.now } }];
    case 'finish': {
      assertCollecting(state, command.data.now);
      const missing = missingSteps(state);
      if (missing.length > 0)
        throw new DomainError('invalid_request', `still missing: ${missing.join(', ')}`);
      return [{ type: 'submitted', data: { at: command.data.now } }];
    }
    case 'advance': {
      if (state.phase !== 'processing') return [];
      const next = checkSequence(state.kind).find((step) => !state.checks_done.includes(step));
      if (next) return [{ type: 'check_recorded', data: { step: next, at: command.data.now } }];
      return [concluded(command.data.outcome, command.data.now)];
    }
    case 'decide': {
      const { data } = command;
      if (state.phase === 'decided' || state.phase === 'changes_requested')
        throw new DomainError('already_decided', 'the verification was already decided');
      if (state.phase !== 'processing' && state.phase !== 'awaiting_review')
        throw new DomainError('not_found', 'no submission awaits a decision');
      if (data.decision === 'request_changes' && data.comments.length === 0)
        throw new DomainError('invalid_request', 'request_changes needs comments for the person');
      return [
        concluded(
          {
            type: 'decided',
            decision: data.decision,
            comments: data.comments,
            risk_band: riskBandOf(data.decision),
          },
          data.now,
        ),
      ];
    }
    case 'reopen':
      if (state.phase === 'processing' || state.phase === 'awaiting_review')
        throw new DomainError('duplicate', 'a submission is being reviewed: decide it instead');
      if (state.status === 'none' && state.phase === 'idle') return [];
      return [{ type: 'reopened', data: { at: command.data.now } }];
    default: {
      const unhandled: never = command;
      throw new Error(`unknown command ${JSON.stringify(unhandled)}`);
    }
  }
}

function assertCollecting(state: VerificationState, now: string): void {
  if (state.phase !== 'collecting' || !state.link || state.link.expires_at <= now)
    throw new DomainError('link_inactive', 'this verification link is no longer active');
}

export function riskBandOf(decision: 'approve' | 'reject' | 'request_changes') {
  switch (decision) {
    case 'approve':
      return 'low' as const;
    case 'request_changes':
      return 'medium' as const;
    case 'reject':
      return 'high' as const;
    default: {
      const unhandled: never = decision;
      throw new Error(`unknown decision ${String(unhandled)}`);
    }
  }
}

function concluded(outcome: Outcome, at: string): VerificationEvent {
  switch (outcome.type) {
    case 'await_review':
      return {
        type: 'status_changed',
        data: {
          status: 'pending',
          decision: null,
          risk_band: null,
          comments: [],
          awaiting_review: true,
          at,
        },
      };
    case 'decided':
      return {
        type: 'status_changed',
        data: {
          status: statusOf(outcome.decision),
          decision: outcome.decision,
          risk_band: outcome.risk_band,
          comments: outcome.decision === 'request_changes' ? outcome.comments : [],
          awaiting_review: false,
          at,
        },
      };
    default: {
      const unhandled: never = outcome;
      throw new Error(`unknown outcome ${JSON.stringify(unhandled)}`);
    }
  }
}

function statusOf(decision: 'approve' | 'reject' | 'request_changes') {
  switch (decision) {
    case 'approve':
      return 'approved' as const;
    case 'reject':
      return 'rejected' as const;
    case 'request_changes':
      return 'pending' as const;
    default: {
      const unhandled: never = decision;
      throw new Error(`unknown decision ${String(unhandled)}`);
    }
  }
}

/** The state after an event; pure, so a submission replays from its events. */
export function evolve(state: VerificationState, event: VerificationEvent): VerificationState {
  switch (event.type) {
    case 'link_issued': {
      const { data } = event;
      const same_submission =
        state.phase === 'collecting' && state.submission_id === data.submission_id;
      return {
        ...state,
        phase: 'collecting',
        link: { link_id: data.link_id, expires_at: data.expires_at },
        submission_id: data.submission_id,
        ...(same_submission
          ? {}
          : {
              identity: null,
              birth_date: null,
              documents: [],
              liveness_completed: false,
              checks_done: [],
              submitted_at: null,
            }),
        updated_at: data.at,
      };
    }
    case 'identity_entered':
      return {
        ...state,
        identity: event.data.identity,
        birth_date: event.data.birth_date,
        updated_at: event.data.at,
      };
    case 'document_attached':
      return {
        ...state,
        documents: [...state.documents, event.data.document],
        updated_at: event.data.at,
      };
    case 'liveness_completed':
      return { ...state, liveness_completed: true, updated_at: event.data.at };
    case 'submitted':
      return {
        ...state,
        phase: 'processing',
        status: 'pending',
        decision: null,
        risk_band: null,
        changes_requested_comments: [],
        checks_done: [],
        submitted_at: event.data.at,
        updated_at: event.data.at,
      };
    case 'reopened':
      // The last submission stays readable (its report); the account starts over.
      return {
        ...state,
        status: 'none',
        phase: 'idle',
        link: null,
        decision: null,
        risk_band: null,
        changes_requested_comments: [],
        updated_at: event.data.at,
      };
    case 'check_recorded':
      return {
        ...state,
        checks_done: [...state.checks_done, event.data.step],
        updated_at: event.data.at,
      };
    case 'status_changed': {
      const { data } = event;
      return {
        ...state,
        status: data.status,
        decision: data.decision,
        risk_band: data.risk_band,
        changes_requested_comments: data.comments,
        phase: data.awaiting_review
          ? 'awaiting_review'
          : data.decision === 'request_changes'
            ? 'changes_requested'
            : 'decided',
        updated_at: data.at,
      };
    }
    default: {
      const unhandled: never = event;
      throw new Error(`unknown event ${JSON.stringify(unhandled)}`);
    }
  }
}

/** Decides and applies: the events and the state they leave. */
export function execute(
  command: VerificationCommand,
  state: VerificationState,
): { events: VerificationEvent[]; state: VerificationState } {
  const events = decide(command, state);
  return { events, state: events.reduce(evolve, state) };
}
