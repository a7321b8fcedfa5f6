import { z } from 'zod';
import { defineCommand } from '../catalog/define';

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

/** A `hold` opens a review and names it; the other decisions have none. */
export const screenPayoutReply = z.object({
  decision: z.enum(SCREENING_DECISIONS),
  review_id: z.string().nullable(),
});
export type ScreenPayoutReply = z.infer<typeof screenPayoutReply>;

export const REVIEW_STATUSES = ['in_review', 'info_requested', 'released', 'rejected'] as const;
/** The kinds of operation a firewall review can hold (crypto withdrawals: issue 15). */
export const REVIEW_OPERATION_KINDS = ['payout', 'crypto_withdrawal'] as const;
export type ReviewOperationKind = (typeof REVIEW_OPERATION_KINDS)[number];
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** `compliance.decide_review`: a reviewer's decision; a decided review is `already_decided`. */
export const decideReviewCommand = z
  .object({ review_id: id, decision: z.enum(['released', 'rejected']) })
  .strict();
export type DecideReviewCommand = z.infer<typeof decideReviewCommand>;

export const reviewReply = z.object({
  review_id: z.string(),
  subject_type: z.enum(REVIEW_OPERATION_KINDS),
  subject_id: z.string(),
  account_id: z.string(),
  status: z.enum(REVIEW_STATUSES),
});
export type ReviewReply = z.infer<typeof reviewReply>;

/**
 * `compliance.set_screening_availability`: an operator marks payout screening available or
 * unavailable (an outage drill, or a provider outage known to the operator).
 */
export const setScreeningAvailabilityCommand = z.object({ available: z.boolean() }).strict();
export type SetScreeningAvailabilityCommand = z.infer<typeof setScreeningAvailabilityCommand>;
export const screeningAvailabilityReply = z.object({ available: z.boolean() });

export const COMPLIANCE_COMMANDS = {
  screen_payout: defineCommand({
    name: 'compliance.screen_payout',
    summary: 'screen a payout before any debit: process, hold for review, or reject',
    request: screenPayoutCommand,
    reply: screenPayoutReply,
  }),
  decide_review: defineCommand({
    name: 'compliance.decide_review',
    summary: "a reviewer's decision on a held payout",
    request: decideReviewCommand,
    reply: reviewReply,
  }),
  set_screening_availability: defineCommand({
    name: 'compliance.set_screening_availability',
    summary: 'an operator marks payout screening available or not',
    request: setScreeningAvailabilityCommand,
    reply: screeningAvailabilityReply,
  }),
} as const;
