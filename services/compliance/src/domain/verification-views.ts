import type {
  OnboardingView,
  VerificationKind,
  VerificationSummary,
  VerificationView,
} from '@platform/contracts';
import { missingSteps, pendingDocuments, type VerificationState } from './verification-state';

/** `GET /v1/me/verification`: an account that never started shows `none`. */
export function verificationViewOf(
  state: VerificationState | null,
  kind: VerificationKind,
): VerificationView {
  if (!state)
    return {
      kind,
      status: 'none',
      submission_id: null,
      risk_band: null,
      decision: null,
      pending_documents: [],
      changes_requested_comments: [],
      updated_at: null,
    };
  return {
    kind: state.kind,
    status: state.status,
    submission_id: state.submission_id,
    risk_band: state.risk_band,
    decision: state.decision,
    pending_documents: state.phase === 'collecting' ? pendingDocuments(state) : [],
    changes_requested_comments: state.changes_requested_comments,
    updated_at: state.updated_at,
  };
}

/** A link is open while it is the account's newest, unexpired and nothing was submitted yet. */
export function linkStatusOf(
  state: VerificationState,
  link_id: string,
  now: string,
): OnboardingView['link_status'] {
  if (state.link?.link_id !== link_id) return 'expired';
  if (state.phase !== 'collecting') return 'completed';
  return state.link.expires_at <= now ? 'expired' : 'open';
}

export function onboardingViewOf(
  state: VerificationState,
  link_id: string,
  context: { now: string; locale: string; organization: string },
): OnboardingView {
  const link_status = linkStatusOf(state, link_id, context.now);
  const missing = link_status === 'open' ? missingSteps(state) : [];
  return {
    link_id,
    kind: state.kind,
    link_status,
    expires_at: state.link?.expires_at ?? context.now,
    locale: context.locale,
    organization: context.organization,
    identity_entered: state.identity !== null,
    documents: link_status === 'expired' ? [] : state.documents,
    liveness_completed: state.liveness_completed,
    liveness_required: state.kind === 'kyc',
    missing: link_status === 'open' && missing.length === 0 ? ['review'] : missing,
    status: state.status,
  };
}

/** The name a reviewer sees: a person's first and last names, or a company's legal name. */
export function displayNameOf(state: VerificationState): string {
  const identity = state.identity;
  if (!identity) return '';
  return identity.legal_name ?? [identity.first_name, identity.last_name].filter(Boolean).join(' ');
}

export function verificationSummaryOf(state: VerificationState): VerificationSummary {
  return {
    submission_id: state.submission_id ?? '',
    account_id: state.account_id,
    org_id: state.org_id,
    kind: state.kind,
    status: state.status,
    awaiting_review: state.phase === 'awaiting_review' || state.phase === 'processing',
    decision: state.decision,
    identity: state.identity
      ? {
          name: displayNameOf(state),
          doc_id: state.identity.doc_id,
          birth_date: state.birth_date,
          country: state.identity.country,
        }
      : null,
    documents: state.documents,
    liveness_completed: state.liveness_completed,
    changes_requested_comments: state.changes_requested_comments,
    submitted_at: state.submitted_at,
    updated_at: state.updated_at ?? state.submitted_at ?? '',
  };
}
