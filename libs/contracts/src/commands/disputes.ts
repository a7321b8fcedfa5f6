import { z } from 'zod';
import { defineCommand, PAGE_ROWS_MAX } from '../catalog/define';
import {
  EVIDENCE_CONTENT_TYPES,
  evidenceFileContent,
  uploadedEvidenceFile,
} from './evidence-files';

/**
 * Payment disputes on card payins (decisions D8): the account reads its disputes and answers one
 * with evidence. The gateway checks only the shape of a request; the compliance service judges
 * the evidence with the spec's codes.
 */
const id = z.string().min(1).max(200);
const instant = z.string().describe('ISO 8601 UTC timestamp');

export const DISPUTE_STATUS_VALUES = ['needs_response', 'under_review', 'won', 'lost'] as const;

/** Files an answer to a dispute may carry (the limits and types of review files otherwise). */
export const DISPUTE_EVIDENCE_MAX_FILES = 5;

/** A file sent with the evidence; its content type was read from its bytes. */
export const disputeEvidenceFile = z.object({
  file_id: z.string().describe('downloads at `/v1/disputes/{id}/files/{file_id}`'),
  filename: z.string(),
  content_type: z.enum(EVIDENCE_CONTENT_TYPES),
  size_bytes: z.number().int(),
});

/** `POST /v1/disputes/{id}/evidence`. */
export const disputeEvidenceBody = z
  .object({
    text: z
      .string()
      .max(20_000)
      .describe('what answers the dispute: 1 to 10,000 characters (`invalid_evidence`)'),
  })
  .strict();
export type DisputeEvidenceBody = z.infer<typeof disputeEvidenceBody>;

/** A dispute as the API answers it. */
export const disputeResource = z.object({
  dispute_id: z.string(),
  payin_id: z.string(),
  amount: z.string().describe('the disputed payment, a decimal string in `currency`'),
  currency: z.string(),
  reason: z.string().describe('why the payer disputes the payment'),
  status: z.enum(DISPUTE_STATUS_VALUES),
  respond_by: instant,
  evidence: z
    .object({ text: z.string(), files: z.array(disputeEvidenceFile), submitted_at: instant })
    .nullable()
    .describe('the evidence submitted; null until then'),
  created_at: instant,
  updated_at: instant,
});
export type DisputeResource = z.infer<typeof disputeResource>;

export const getDisputeCommand = z.object({ account_id: id, dispute_id: id }).strict();
export type GetDisputeCommand = z.infer<typeof getDisputeCommand>;

export const listDisputesCommand = z
  .object({
    account_id: id,
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListDisputesCommand = z.infer<typeof listDisputesCommand>;

/** The evidence text and its files (none from a JSON body); compliance judges both. */
export const submitDisputeEvidenceCommand = z
  .object({
    account_id: id,
    dispute_id: id,
    text: z.string().max(20_000),
    files: z.array(uploadedEvidenceFile).optional(),
  })
  .strict();
export type SubmitDisputeEvidenceCommand = z.infer<typeof submitDisputeEvidenceCommand>;

export const getDisputeFileCommand = getDisputeCommand.extend({ file_id: id }).strict();
export type GetDisputeFileCommand = z.infer<typeof getDisputeFileCommand>;

/** The compliance service's dispute commands. */
export const DISPUTE_COMMANDS = {
  get_dispute: defineCommand({
    name: 'compliance.get_dispute',
    summary: "one of the account's payment disputes",
    request: getDisputeCommand,
    reply: disputeResource,
  }),
  list_disputes: defineCommand({
    name: 'compliance.list_disputes',
    summary: "the account's payment disputes, newest first",
    request: listDisputesCommand,
    reply: z.object({ disputes: z.array(disputeResource) }),
  }),
  submit_evidence: defineCommand({
    name: 'compliance.submit_dispute_evidence',
    summary: 'answer a dispute with evidence: it moves to under_review',
    request: submitDisputeEvidenceCommand,
    reply: disputeResource,
  }),
  get_file: defineCommand({
    name: 'compliance.get_dispute_file',
    summary: "an evidence file's bytes, for the dispute's account",
    request: getDisputeFileCommand,
    reply: evidenceFileContent,
  }),
} as const;
