import type { ReviewerReviewResource, ReviewResource } from '@platform/contracts';
import type { ReviewState } from './review-state';

/** The review as its account sees it: reviewers are named by role, never by person. */
export function reviewResourceOf(state: ReviewState): ReviewResource {
  return {
    review_id: state.review_id,
    operation: { kind: state.operation_kind, id: state.operation_id },
    status: state.status,
    files: state.files,
    approvals: state.approvals.map((approval) => ({
      reviewer: approval.reviewer === 'operator' ? 'operator' : 'organization',
      approved_at: approval.approved_at,
    })),
    requested_info: state.requested_info,
    created_at: state.created_at,
  };
}

/** The review as its reviewers see it: the account whose operation it holds, too. */
export function reviewerResourceOf(state: ReviewState): ReviewerReviewResource {
  return { ...reviewResourceOf(state), account_id: state.account_id };
}
