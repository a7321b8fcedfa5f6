import type {
  KycStatus,
  RiskBand,
  VerificationDecision,
  VerificationKind,
  VerifiedIdentity,
} from '@platform/contracts';
import type { CheckStep, StoredDocument } from './verification-state';

/** Facts about the account and the caller a command needs, read from identity by the caller. */
export interface LinkRequester {
  account_active: boolean;
  /** A session without a confirmed authenticator app or passkey; false for API keys. */
  lacks_second_factor: boolean;
}

export type VerificationCommand =
  | {
      type: 'issue_link';
      data: LinkRequester & {
        link_id: string;
        submission_id: string;
        expires_at: string;
        now: string;
      };
    }
  | {
      type: 'enter_identity';
      data: { identity: VerifiedIdentity; birth_date: string | null; now: string };
    }
  | { type: 'attach_document'; data: { document: StoredDocument; now: string } }
  | { type: 'complete_liveness'; data: { now: string } }
  | { type: 'finish'; data: { now: string } }
  /** The next check of a processing submission; `outcome` is applied after the last one. */
  | { type: 'advance'; data: { outcome: Outcome; now: string } }
  | {
      type: 'decide';
      data: { decision: VerificationDecision; comments: string[]; now: string };
    }
  /** An administrator reopens the account's verification: a new submission may start. */
  | { type: 'reopen'; data: { now: string } };

/** What ends the checks: a sandbox outcome, or a wait for a reviewer (live). */
export type Outcome =
  | { type: 'decided'; decision: VerificationDecision; comments: string[]; risk_band: RiskBand }
  | { type: 'await_review' };

export type VerificationEvent =
  | {
      type: 'link_issued';
      data: { link_id: string; submission_id: string; expires_at: string; at: string };
    }
  | {
      type: 'identity_entered';
      data: { identity: VerifiedIdentity; birth_date: string | null; at: string };
    }
  | { type: 'document_attached'; data: { document: StoredDocument; at: string } }
  | { type: 'liveness_completed'; data: { at: string } }
  | { type: 'submitted'; data: { at: string } }
  | { type: 'reopened'; data: { at: string } }
  | { type: 'check_recorded'; data: { step: CheckStep; at: string } }
  | {
      type: 'status_changed';
      data: {
        status: KycStatus;
        decision: VerificationDecision | null;
        risk_band: RiskBand | null;
        comments: string[];
        awaiting_review: boolean;
        at: string;
      };
    };

export type { VerificationKind };
