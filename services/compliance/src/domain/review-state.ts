import type { ReviewOperationKind, ReviewStatus } from '@platform/contracts';
import type { InfoRequest, ReviewApproval, ReviewEvent, ReviewFile } from './review-events';

/** A firewall review of one held operation (spec §3 "Transactional firewall review"). */
export interface ReviewState {
  review_id: string;
  operation_kind: ReviewOperationKind;
  operation_id: string;
  account_id: string;
  org_id: string;
  status: ReviewStatus;
  files: ReviewFile[];
  approvals: ReviewApproval[];
  requested_info: InfoRequest[];
  created_at: string;
  updated_at: string;
}

export function openedReview(
  fields: Pick<
    ReviewState,
    'review_id' | 'operation_kind' | 'operation_id' | 'account_id' | 'org_id' | 'created_at'
  > & { status?: ReviewStatus },
): ReviewState {
  return {
    ...fields,
    status: fields.status ?? 'in_review',
    files: [],
    approvals: [],
    requested_info: [],
    updated_at: fields.created_at,
  };
}

export function isDecided(state: ReviewState): boolean {
  return state.status === 'released' || state.status === 'rejected';
}

/** The state an event leaves (pure). */
export function evolve(state: ReviewState, event: ReviewEvent): ReviewState {
  const next = { ...state, updated_at: event.at };
  switch (event.type) {
    case 'approval_recorded':
      return {
        ...next,
        approvals: [...state.approvals, { reviewer: event.reviewer, approved_at: event.at }],
      };
    case 'approval_cleared':
      return { ...next, approvals: [] };
    case 'released':
      return { ...next, status: 'released' };
    case 'rejected':
      return { ...next, status: 'rejected' };
    case 'info_requested':
      return {
        ...next,
        status: 'info_requested',
        requested_info: [
          ...state.requested_info,
          { question: event.question, requested_at: event.at, answer: null, answered_at: null },
        ],
      };
    case 'info_answered':
      return {
        ...next,
        status: 'in_review',
        requested_info: state.requested_info.map((request) =>
          request.answer === null
            ? { ...request, answer: event.text, answered_at: event.at }
            : request,
        ),
      };
    case 'file_attached':
      return { ...next, files: [...state.files, event.file] };
    default: {
      const unknown: never = event;
      throw new Error(`unknown review event ${JSON.stringify(unknown)}`);
    }
  }
}
