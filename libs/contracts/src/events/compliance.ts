import { z } from 'zod';
import { amlMatch, AML_SCREENING_STATUSES } from '../commands/aml';
import { idField } from './fields';
import { KYC_STATUSES } from './identity';

/** Identity verification of persons (`kyc`) and companies (`kyb`), spec §6 and decisions D8. */
export const VERIFICATION_KINDS = ['kyc', 'kyb'] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];

export const VERIFICATION_DECISIONS = ['approve', 'reject', 'request_changes'] as const;
export type VerificationDecision = (typeof VERIFICATION_DECISIONS)[number];

export const RISK_BANDS = ['low', 'medium', 'high'] as const;
export type RiskBand = (typeof RISK_BANDS)[number];

/** The fields every verification event carries. */
const verificationFields = {
  account_id: idField,
  kind: z.enum(VERIFICATION_KINDS),
  submission_id: idField,
  /** The account as the verification knows it (own onboarding: the account itself). */
  external_customer_id: idField,
};

/** `compliance.verification_link_completed`: the hosted link's flow was completed. */
export const verificationLinkCompletedSchema = z.object({
  ...verificationFields,
  event: z.literal('link_completed'),
  link_id: idField,
  status: z.enum(KYC_STATUSES),
});

/** `compliance.verification_document_validated`: the documents' checks finished. */
export const verificationDocumentValidatedSchema = z.object({
  ...verificationFields,
  category: z.string().min(1),
  outcome: z.enum(['passed', 'failed']),
  score: z.number(),
  summary: z.string(),
});

/** `compliance.verification_liveness_completed`: the liveness step was checked (kyc only). */
export const verificationLivenessCompletedSchema = z.object({
  ...verificationFields,
  outcome: z.enum(['passed', 'failed']),
  passed: z.boolean(),
});

/** `compliance.verification_status_changed`: the verification's status or decision changed. */
export const verificationStatusChangedSchema = z.object({
  ...verificationFields,
  event: z.literal('status_changed'),
  status: z.enum(KYC_STATUSES),
  risk_band: z.enum(RISK_BANDS).nullable(),
  decision: z.enum(VERIFICATION_DECISIONS).nullable(),
  self_onboarding: z.boolean(),
  pending_documents: z.array(z.string()).optional(),
  changes_requested_comments: z.array(z.string()).optional(),
  documents_received: z.number().int().optional(),
});
export type VerificationStatusChanged = z.infer<typeof verificationStatusChangedSchema>;

/**
 * The compliance service's domain events. `data` carries the public payload of spec §6, so
 * notifications projects it mechanically. Stream: `aml-screening-<screening_id>`.
 */
export const amlScreeningUpdatedSchema = z.object({
  account_id: idField,
  /** What happened: `rescreened` (asked for) or `monitoring` (a list changed). */
  screening_event: z.enum(['rescreened', 'monitoring']),
  /** The screened subject: its screening's id. */
  customer_id: idField,
  data: z.object({
    screening_id: idField,
    status: z.enum(AML_SCREENING_STATUSES),
    previous_status: z.enum(AML_SCREENING_STATUSES),
    matches: z.array(amlMatch),
    updated_at: z.string(),
  }),
});
export type AmlScreeningUpdated = z.infer<typeof amlScreeningUpdatedSchema>;

/**
 * `compliance.review_status_changed`: a firewall review changed status (decisions D8); public as
 * `txn_review_status_changed`. Stream: `review-<review_id>`.
 */
export const reviewStatusChangedSchema = z.object({
  account_id: idField,
  review_id: idField,
  operation_kind: z.enum(['payout', 'crypto_withdrawal']),
  operation_id: idField,
  status: z.enum(['in_review', 'info_requested', 'released', 'rejected']),
});
export type ReviewStatusChanged = z.infer<typeof reviewStatusChangedSchema>;
