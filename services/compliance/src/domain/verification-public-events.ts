import type { EventData } from '@platform/contracts';
import type { VerificationEvent } from './verification-events';
import { pendingDocuments, requiredDocuments, type VerificationState } from './verification-state';

/** The domain events compliance publishes for its verifications (the outbox's). */
export type PublishedVerificationEvent =
  | {
      type: 'compliance.verification_link_completed';
      data: EventData<'compliance.verification_link_completed'>;
    }
  | {
      type: 'compliance.verification_document_validated';
      data: EventData<'compliance.verification_document_validated'>;
    }
  | {
      type: 'compliance.verification_liveness_completed';
      data: EventData<'compliance.verification_liveness_completed'>;
    }
  | {
      type: 'compliance.verification_status_changed';
      data: EventData<'compliance.verification_status_changed'>;
    };

/**
 * What a decider event tells the outside (spec §6 `kyc_*`/`kyb_*`), read against the state it
 * left. Collecting steps stay inside: the person is still on the hosted page.
 */
export function publishedOf(
  event: VerificationEvent,
  state: VerificationState,
): PublishedVerificationEvent | null {
  const base = {
    account_id: state.account_id,
    kind: state.kind,
    submission_id: state.submission_id ?? '',
    external_customer_id: state.account_id,
  };
  switch (event.type) {
    case 'link_issued':
    case 'identity_entered':
    case 'document_attached':
    case 'liveness_completed':
    case 'submitted':
      return null;
    case 'reopened':
      return {
        type: 'compliance.verification_status_changed',
        data: {
          ...base,
          event: 'status_changed',
          status: state.status,
          risk_band: null,
          decision: null,
          self_onboarding: true,
        },
      };
    case 'check_recorded':
      switch (event.data.step) {
        case 'link_completed':
          return {
            type: 'compliance.verification_link_completed',
            data: {
              ...base,
              event: 'link_completed',
              link_id: state.link?.link_id ?? '',
              status: state.status,
            },
          };
        case 'document_validated':
          return {
            type: 'compliance.verification_document_validated',
            data: {
              ...base,
              category: requiredDocuments(state.kind)[0] ?? 'identity_document',
              outcome: 'passed',
              score: 1,
              summary: `${state.documents.length} document(s) received; type and integrity checked`,
            },
          };
        case 'liveness_completed':
          return {
            type: 'compliance.verification_liveness_completed',
            data: { ...base, outcome: 'passed', passed: true },
          };
        default: {
          const unhandled: never = event.data.step;
          throw new Error(`unknown check ${String(unhandled)}`);
        }
      }
    case 'status_changed':
      return {
        type: 'compliance.verification_status_changed',
        data: {
          ...base,
          event: 'status_changed',
          status: event.data.status,
          risk_band: event.data.risk_band,
          decision: event.data.decision,
          self_onboarding: true,
          pending_documents: pendingDocuments(state),
          documents_received: state.documents.length,
          ...(event.data.comments.length > 0
            ? { changes_requested_comments: event.data.comments }
            : {}),
        },
      };
    default: {
      const unhandled: never = event;
      throw new Error(`unknown event ${JSON.stringify(unhandled)}`);
    }
  }
}
