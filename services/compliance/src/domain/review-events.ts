import type { ReviewStatus } from '@platform/contracts';
import type { EvidenceFile } from './evidence-files';

/** Who decided: the platform's operator, or an admin of the account's organization. */
export type Reviewer = 'operator' | `org_admin:${string}`;

/** A file attached to a review (evidence); its bytes live in object storage. */
export type ReviewFile = EvidenceFile;

export interface ReviewApproval {
  reviewer: Reviewer;
  approved_at: string;
}

/** A reviewer's question, and the client's answer once given. */
export interface InfoRequest {
  question: string;
  requested_at: string;
  answer: string | null;
  answered_at: string | null;
}

/** What may be asked of a review. `at` is the time of the request (ISO 8601). */
export type ReviewCommand =
  | { type: 'approve'; reviewer: Reviewer; comment: string; at: string }
  | { type: 'reject'; reviewer: Reviewer; comment: string; at: string }
  | { type: 'request_info'; reviewer: Reviewer; comment: string; at: string }
  | { type: 'answer_info'; text: string; at: string }
  | { type: 'attach_file'; file: ReviewFile; max_files: number; at: string }
  /** The operator's shortcut (and the payout's own call back): the final outcome at once. */
  | { type: 'settle'; decision: 'released' | 'rejected'; at: string };
export type ReviewCommandType = ReviewCommand['type'];

/** What happened to a review. Only events that change `status` become public events. */
export type ReviewEvent =
  | { type: 'approval_recorded'; reviewer: Reviewer; at: string }
  | { type: 'approval_cleared'; at: string }
  | { type: 'released'; at: string }
  | { type: 'rejected'; reviewer: Reviewer; at: string }
  | { type: 'info_requested'; question: string; at: string }
  | { type: 'info_answered'; text: string; at: string }
  | { type: 'file_attached'; file: ReviewFile; at: string };

export const DECIDED_STATUSES: readonly ReviewStatus[] = ['released', 'rejected'];
