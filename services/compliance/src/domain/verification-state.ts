import type {
  KycStatus,
  RiskBand,
  VerificationDecision,
  VerificationKind,
  VerifiedIdentity,
} from '@platform/contracts';

/**
 * Where a submission is. `idle`: nothing open; `collecting`: a link is out and the hosted page
 * collects identity, documents and liveness; `processing`: submitted, the checks run one step
 * apart; `awaiting_review`: a person decides (live); `changes_requested`: the person must send a
 * new submission; `decided`: approved or rejected.
 */
export type VerificationPhase =
  'idle' | 'collecting' | 'processing' | 'awaiting_review' | 'changes_requested' | 'decided';

/** The checks a submission goes through, in the order their events are emitted (D8). */
export type CheckStep = 'link_completed' | 'document_validated' | 'liveness_completed';

export interface OnboardingLink {
  link_id: string;
  expires_at: string;
}

export interface StoredDocument {
  document_id: string;
  category: string;
  content_type: string;
  size_bytes: number;
  created_at: string;
}

export interface VerificationState {
  account_id: string;
  org_id: string;
  kind: VerificationKind;
  /** The public status (spec §3): what identity's `kyc_status` mirrors. */
  status: KycStatus;
  phase: VerificationPhase;
  submission_id: string | null;
  link: OnboardingLink | null;
  identity: VerifiedIdentity | null;
  birth_date: string | null;
  documents: StoredDocument[];
  liveness_completed: boolean;
  checks_done: CheckStep[];
  decision: VerificationDecision | null;
  risk_band: RiskBand | null;
  changes_requested_comments: string[];
  submitted_at: string | null;
  updated_at: string | null;
}

export function initialVerification(
  account_id: string,
  org_id: string,
  kind: VerificationKind,
): VerificationState {
  return {
    account_id,
    org_id,
    kind,
    status: 'none',
    phase: 'idle',
    submission_id: null,
    link: null,
    identity: null,
    birth_date: null,
    documents: [],
    liveness_completed: false,
    checks_done: [],
    decision: null,
    risk_band: null,
    changes_requested_comments: [],
    submitted_at: null,
    updated_at: null,
  };
}

/** The checks of a kind, in order: a company takes no liveness step. */
export function checkSequence(kind: VerificationKind): readonly CheckStep[] {
  switch (kind) {
    case 'kyc':
      return ['link_completed', 'document_validated', 'liveness_completed'];
    case 'kyb':
      return ['link_completed', 'document_validated'];
    default: {
      const unhandled: never = kind;
      throw new Error(`unknown verification kind ${String(unhandled)}`);
    }
  }
}

/** The documents a submission needs before it can be sent. */
export function requiredDocuments(kind: VerificationKind): readonly string[] {
  switch (kind) {
    case 'kyc':
      return ['identity_document'];
    case 'kyb':
      return ['company_registration'];
    default: {
      const unhandled: never = kind;
      throw new Error(`unknown verification kind ${String(unhandled)}`);
    }
  }
}

/** Required documents not uploaded yet (`pending_documents`). */
export function pendingDocuments(state: VerificationState): string[] {
  return requiredDocuments(state.kind).filter(
    (category) => !state.documents.some((document) => document.category === category),
  );
}

/** What the hosted page still needs, in its order. */
export function missingSteps(state: VerificationState): ('identity' | 'documents' | 'liveness')[] {
  const missing: ('identity' | 'documents' | 'liveness')[] = [];
  if (!state.identity) missing.push('identity');
  if (pendingDocuments(state).length > 0) missing.push('documents');
  if (state.kind === 'kyc' && !state.liveness_completed) missing.push('liveness');
  return missing;
}
