import { z } from 'zod';
import { defineCommand, PAGE_ROWS_MAX } from '../catalog/define';
import { riskSubject } from './risk-scoring';

/**
 * Disputes of credit-report factors (decisions D10): an account disputes one factor of a
 * subject's latest report; an operator (in the sandbox, also the account itself through the
 * sandbox route) resolves it in the subject's favour or rejects it. A resolved dispute
 * neutralizes that factor in the subject's later evaluations.
 */
const id = z.string().min(1).max(200);
const instant = z.string().describe('ISO 8601 UTC timestamp');

export const CREDIT_DISPUTE_STATUSES = ['open', 'resolved', 'rejected'] as const;
export type CreditDisputeStatus = (typeof CREDIT_DISPUTE_STATUSES)[number];
export const CREDIT_DISPUTE_DECISIONS = ['resolved', 'rejected'] as const;
export type CreditDisputeDecision = (typeof CREDIT_DISPUTE_DECISIONS)[number];

/** Reason text bounds (characters). */
export const DISPUTE_REASON_MAX_LENGTH = 2000;

/** `POST /v1/qscore/subjects/{docID}/disputes`; `country` in the body or the query. */
export const openCreditDisputeBody = z
  .object({
    factor_code: z.string().max(100).describe("a `code` of the subject's latest report's factors"),
    reason: z.string().max(5000).describe('why the factor is wrong: 1 to 2,000 characters'),
    country: z.string().max(10).optional().describe('ISO 3166-1 alpha-2; or `?country=`'),
  })
  .strict();
export type OpenCreditDisputeBody = z.infer<typeof openCreditDisputeBody>;

/** How a dispute was decided. */
export const creditDisputeResolution = z.object({
  decision: z.enum(CREDIT_DISPUTE_DECISIONS),
  note: z.string(),
  decided_at: instant,
});

export const creditDisputeResource = z.object({
  dispute_id: z.string(),
  kind: z.literal('credit_report'),
  subject: riskSubject,
  report_id: z.string().describe('the report whose factor is disputed'),
  factor_code: z.string(),
  factor_description: z.string(),
  reason: z.string(),
  status: z.enum(CREDIT_DISPUTE_STATUSES),
  resolution: creditDisputeResolution.nullable().describe('null while `open`'),
  created_at: instant,
  updated_at: instant,
});
export type CreditDisputeResource = z.infer<typeof creditDisputeResource>;

export const openCreditDisputeCommand = z
  .object({
    account_id: id,
    org_id: id,
    country: z.string().max(10),
    doc_id: z.string().max(100),
    factor_code: z.string().max(100),
    reason: z.string().max(5000),
  })
  .strict();
export type OpenCreditDisputeCommand = z.infer<typeof openCreditDisputeCommand>;

export const listSubjectDisputesCommand = z
  .object({
    account_id: id,
    country: z.string().max(10),
    doc_id: z.string().max(100),
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListSubjectDisputesCommand = z.infer<typeof listSubjectDisputesCommand>;

export const getCreditDisputeCommand = z.object({ account_id: id, dispute_id: id }).strict();
export type GetCreditDisputeCommand = z.infer<typeof getCreditDisputeCommand>;

/** The decision body of the operator's and the sandbox's routes. */
export const decideCreditDisputeBody = z
  .object({
    decision: z.enum(CREDIT_DISPUTE_DECISIONS),
    note: z.string().max(DISPUTE_REASON_MAX_LENGTH).optional(),
  })
  .strict();
export type DecideCreditDisputeBody = z.infer<typeof decideCreditDisputeBody>;

/** `account_id` null: the operator, any account's dispute; otherwise only that account's. */
export const decideCreditDisputeCommand = z
  .object({
    dispute_id: id,
    account_id: id.nullable(),
    decision: z.enum(CREDIT_DISPUTE_DECISIONS),
    note: z.string().max(DISPUTE_REASON_MAX_LENGTH),
  })
  .strict();
export type DecideCreditDisputeCommand = z.infer<typeof decideCreditDisputeCommand>;

export const RISK_DISPUTE_COMMANDS = {
  open: defineCommand({
    name: 'risk-scoring.open_credit_dispute',
    summary: "dispute a factor of a subject's latest report; a repeat answers the open one",
    request: openCreditDisputeCommand,
    reply: z.object({ dispute: creditDisputeResource, created: z.boolean() }),
  }),
  list: defineCommand({
    name: 'risk-scoring.list_subject_disputes',
    summary: "the account's disputes of a subject, newest first",
    request: listSubjectDisputesCommand,
    reply: z.object({ disputes: z.array(creditDisputeResource) }),
  }),
  get: defineCommand({
    name: 'risk-scoring.get_credit_dispute',
    summary: "one of the account's credit-report disputes",
    request: getCreditDisputeCommand,
    reply: creditDisputeResource,
  }),
  decide: defineCommand({
    name: 'risk-scoring.decide_credit_dispute',
    summary: 'resolve a dispute in the subject’s favour or reject it',
    request: decideCreditDisputeCommand,
    reply: creditDisputeResource,
  }),
} as const;
