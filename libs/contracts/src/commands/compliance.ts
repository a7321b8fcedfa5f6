import { z } from 'zod';

const id = z.string().min(1).max(200);

/**
 * `compliance.screen_payout`: screens a payout before any debit. `process` lets it go on,
 * `hold` opens a firewall review (`review_id`), `reject` stops it. A screening outage answers
 * the error `compliance_check_unavailable`.
 */
export const screenPayoutCommand = z
  .object({
    payout_id: id,
    account_id: id,
    org_id: id,
    country: z.string().max(8),
    currency: z.string().max(8),
    local_amount: z.string().max(40),
    beneficiary_name: z.string().max(200),
  })
  .strict();
export type ScreenPayoutCommand = z.infer<typeof screenPayoutCommand>;

export const SCREENING_DECISIONS = ['process', 'hold', 'reject'] as const;
export type ScreeningDecision = (typeof SCREENING_DECISIONS)[number];

export interface ScreenPayoutReply {
  decision: ScreeningDecision;
  review_id: string | null;
}

export const REVIEW_STATUSES = ['in_review', 'info_requested', 'released', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** `compliance.decide_review`: a reviewer's decision; a decided review is `already_decided`. */
export const decideReviewCommand = z
  .object({ review_id: id, decision: z.enum(['released', 'rejected']) })
  .strict();
export type DecideReviewCommand = z.infer<typeof decideReviewCommand>;

export interface ReviewReply {
  review_id: string;
  subject_type: 'payout';
  subject_id: string;
  account_id: string;
  status: ReviewStatus;
}

/**
 * `compliance.set_screening_availability`: an operator marks payout screening available or
 * unavailable (an outage drill, or a provider outage known to the operator).
 */
export const setScreeningAvailabilityCommand = z.object({ available: z.boolean() }).strict();
export type SetScreeningAvailabilityCommand = z.infer<typeof setScreeningAvailabilityCommand>;

export const COMPLIANCE_COMMANDS = {
  screen_payout: 'compliance.screen_payout',
  decide_review: 'compliance.decide_review',
  set_screening_availability: 'compliance.set_screening_availability',
} as const;
