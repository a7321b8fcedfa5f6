import { z } from 'zod';
import { defineCommand } from '../catalog/define';
import { REVIEW_OPERATION_KINDS, REVIEW_STATUSES } from './compliance';
import {
  EVIDENCE_CONTENT_TYPES,
  EVIDENCE_FILE_MAX_BYTES,
  evidenceFileContent,
  uploadedEvidenceFile,
} from './evidence-files';

const id = z.string().min(1).max(200);

/** Limits of firewall review files (decisions D8): 50 MB each, 20 per review. */
export const REVIEW_FILE_MAX_BYTES = EVIDENCE_FILE_MAX_BYTES;
export const REVIEW_MAX_FILES = 20;

/** A file attached to a firewall review; its content type was read from its bytes. */
export const reviewFileResource = z.object({
  file_id: z.string().describe('downloads at `.../reviews/{id}/files/{file_id}`'),
  filename: z.string(),
  content_type: z.enum(EVIDENCE_CONTENT_TYPES),
  size_bytes: z.number().int(),
  uploaded_at: z.string(),
});

/** An approval counted towards release; `reviewer` says who: `operator` or `organization`. */
export const reviewApprovalResource = z.object({
  reviewer: z.enum(['operator', 'organization']),
  approved_at: z.string(),
});

export const reviewInfoRequestResource = z.object({
  question: z.string(),
  requested_at: z.string(),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
});

/** A firewall review as its account sees it (decisions D8). */
export const reviewResource = z.object({
  review_id: z.string(),
  operation: z.object({ kind: z.enum(REVIEW_OPERATION_KINDS), id: z.string() }),
  status: z.enum(REVIEW_STATUSES),
  files: z.array(reviewFileResource),
  approvals: z.array(reviewApprovalResource),
  requested_info: z.array(reviewInfoRequestResource),
  created_at: z.string(),
});
export type ReviewResource = z.infer<typeof reviewResource>;

/** A firewall review as its reviewers see it: whose operation it holds, too. */
export const reviewerReviewResource = reviewResource.extend({ account_id: z.string() });
export type ReviewerReviewResource = z.infer<typeof reviewerReviewResource>;

/** Who reads a review: an admin of the account's organization, or the operator (every one). */
export const reviewerScope = z.union([
  z.object({ org_id: id }).strict(),
  z.object({ operator: z.literal(true) }).strict(),
]);
/** ...or the account the review holds an operation of. */
export const reviewScope = z.union([z.object({ account_id: id }).strict(), reviewerScope]);
export type ReviewScope = z.infer<typeof reviewScope>;

/** A review of the account; another account's review is `not_found`. */
const reviewRef = z.object({ review_id: id, account_id: id }).strict();

export const listReviewsCommand = z
  .object({
    account_id: id,
    limit: z.number().int().min(1).max(500),
    offset: z.number().int().min(0),
  })
  .strict();

/** One file, by the transfer key the gateway wrote it under; compliance sniffs its type. */
export const attachReviewFileCommand = reviewRef.extend(uploadedEvidenceFile.shape).strict();
export type AttachReviewFileCommand = z.infer<typeof attachReviewFileCommand>;

export const reviewInfoBody = z.object({ text: z.string().trim().min(1).max(4000) }).strict();
export const answerReviewInfoCommand = reviewRef.extend({ text: z.string().max(4000) }).strict();
export type AnswerReviewInfoCommand = z.infer<typeof answerReviewInfoCommand>;

export const REVIEWER_DECISIONS = ['approve', 'reject', 'request_info'] as const;
export const reviewDecisionBody = z
  .object({
    decision: z.enum(REVIEWER_DECISIONS),
    comment: z.string().max(2000).optional(),
  })
  .strict()
  .refine((body) => body.decision !== 'request_info' || (body.comment ?? '').trim() !== '', {
    message: 'request_info needs a comment (the question shown to the client)',
    path: ['comment'],
  });
export type ReviewDecisionBody = z.infer<typeof reviewDecisionBody>;

/** A reviewer's decision: the operator (`org_id` null) or an admin of the account's organization. */
export const reviewerDecisionCommand = z
  .object({
    review_id: id,
    org_id: id.nullable(),
    reviewer: z.string().regex(/^(operator|org_admin:.+)$/),
    decision: z.enum(REVIEWER_DECISIONS),
    comment: z.string().max(2000),
  })
  .strict();
export type ReviewerDecisionCommand = z.infer<typeof reviewerDecisionCommand>;

/** The reviewers' queue: newest first, of one status or all. */
export const reviewQueueCommand = z
  .object({
    scope: reviewerScope,
    status: z.enum(REVIEW_STATUSES).optional(),
    limit: z.number().int().min(1).max(500),
    offset: z.number().int().min(0),
  })
  .strict();
export type ReviewQueueCommand = z.infer<typeof reviewQueueCommand>;

export const reviewerGetCommand = z.object({ review_id: id, scope: reviewerScope }).strict();
export type ReviewerGetCommand = z.infer<typeof reviewerGetCommand>;

/** A file of a review in scope; another account's or organization's is `not_found`. */
export const reviewFileCommand = z
  .object({ review_id: id, file_id: id, scope: reviewScope })
  .strict();
export type ReviewFileCommand = z.infer<typeof reviewFileCommand>;

export const REVIEW_COMMANDS = {
  list: defineCommand({
    name: 'compliance.list_reviews',
    summary: "the account's firewall reviews, newest first",
    request: listReviewsCommand,
    reply: z.object({ reviews: z.array(reviewResource) }),
  }),
  get: defineCommand({
    name: 'compliance.get_review',
    summary: "one of the account's firewall reviews",
    request: reviewRef,
    reply: reviewResource,
  }),
  attach_file: defineCommand({
    name: 'compliance.attach_review_file',
    summary: 'the account attaches a file to its review (50 MB, 20 files, sniffed types)',
    request: attachReviewFileCommand,
    reply: reviewFileResource,
  }),
  answer_info: defineCommand({
    name: 'compliance.answer_review_info',
    summary: 'the account answers the information a reviewer requested',
    request: answerReviewInfoCommand,
    reply: reviewResource,
  }),
  queue: defineCommand({
    name: 'compliance.list_review_queue',
    summary: "reviewers' queue: an organization's firewall reviews (all, for the operator)",
    request: reviewQueueCommand,
    reply: z.object({ reviews: z.array(reviewerReviewResource) }),
  }),
  reviewer_get: defineCommand({
    name: 'compliance.get_review_as_reviewer',
    summary: 'one firewall review as a reviewer sees it',
    request: reviewerGetCommand,
    reply: reviewerReviewResource,
  }),
  get_file: defineCommand({
    name: 'compliance.get_review_file',
    summary: "a review file's bytes, for its account or a reviewer",
    request: reviewFileCommand,
    reply: evidenceFileContent,
  }),
  decide: defineCommand({
    name: 'compliance.reviewer_decision',
    summary: "a reviewer's approve, reject or request_info on a firewall review",
    request: reviewerDecisionCommand,
    reply: reviewResource,
  }),
} as const;
